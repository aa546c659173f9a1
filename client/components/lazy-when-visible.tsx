import { css } from '@emotion/react';
import { type ComponentType, lazy, Suspense, useEffect, useRef, useState } from 'react';

/**
 * Renders a lazily imported component once its placeholder comes within `margin` of the viewport.
 * The placeholder keeps `minHeight` so nothing shifts when the content arrives.
 */
export function LazyWhenVisible({
  load,
  minHeight,
  margin = '400px',
}: {
  load: () => Promise<{ default: ComponentType }>;
  minHeight: string;
  margin?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [Component, setComponent] = useState<ComponentType | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) return;
        observer.disconnect();
        setComponent(() => lazy(load));
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [load, margin]);
  return (
    <div
      ref={ref}
      css={css`
        min-height: ${minHeight};
      `}
    >
      {Component && (
        <Suspense fallback={null}>
          <Component />
        </Suspense>
      )}
    </div>
  );
}
