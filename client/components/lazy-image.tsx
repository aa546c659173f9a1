import { css } from '@emotion/react';
import { useEffect, useRef, useState } from 'react';

/** Images start loading when they come within 200 px of the viewport, so they are there when scrolled to. */
export const LAZY_IMAGE_MARGIN_PX = 200;

const frame = css`
  position: relative;
  overflow: hidden;
  background: var(--color-bg-muted);
  img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
    transition: opacity 200ms ease;
  }
  /* Fades in once loaded; the <noscript> copy (state stays 'waiting') shows at once. */
  &[data-state='loading'] img {
    opacity: 0;
  }
  .image-error {
    position: absolute;
    inset: 0;
    display: grid;
    place-content: center;
    justify-items: center;
    gap: var(--space-2);
    margin: 0;
    padding: var(--space-4);
    color: var(--color-muted);
    font-size: 0.875rem;
    text-align: center;
  }
  .image-error svg {
    width: 1.5rem;
    height: 1.5rem;
  }
`;

// The frame keeps the image's proportions before it loads, so nothing below it moves (no layout shift).
const ratio = (width: number, height: number) => css`
  aspect-ratio: ${width} / ${height};
`;

type LoadState = 'waiting' | 'loading' | 'loaded' | 'failed';

interface LazyImageProps {
  src: string;
  /** Empty for a decorative picture whose meaning the text beside it already gives. */
  alt: string;
  width: number;
  height: number;
  className?: string;
  /**
   * The picture that is likely the page's largest paint (the first cover of a list): it is in the server's
   * HTML with a high fetch priority instead of waiting for the script to see it near the viewport.
   */
  priority?: boolean;
}

/**
 * An image that loads when it nears the viewport and says 'Failed to load image' when it cannot load
 * (docs/product-rules.md#timings). Without JavaScript the <noscript> copy loads as a plain image.
 */
export function LazyImage({ src, alt, width, height, className, priority = false }: LazyImageProps) {
  const holder = useRef<HTMLDivElement>(null);
  const image = useRef<HTMLImageElement>(null);
  const [state, setState] = useState<LoadState>(priority ? 'loaded' : 'waiting');

  useEffect(() => {
    // A priority image may have failed before hydration, when no onError handler was attached yet.
    if (priority) image.current?.decode().catch(() => setState('failed'));
  }, [priority]);

  useEffect(() => {
    const element = holder.current;
    if (!element || priority) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setState('loading');
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setState('loading');
      },
      { rootMargin: `${LAZY_IMAGE_MARGIN_PX}px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [priority]);

  return (
    <div ref={holder} css={[frame, ratio(width, height)]} className={className} data-state={state}>
      {state === 'failed' ? (
        <p className="image-error">
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path d="M3 5h18v14H3zM3 15l5-5 4 4 3-3 6 6M4 4l16 16" />
          </svg>
          Failed to load image
        </p>
      ) : (
        state !== 'waiting' && (
          <img
            ref={image}
            src={src}
            alt={alt}
            width={width}
            height={height}
            decoding={priority ? undefined : 'async'}
            fetchPriority={priority ? 'high' : undefined}
            onLoad={() => setState('loaded')}
            onError={() => setState('failed')}
          />
        )
      )}
      {!priority && (
        <noscript>
          <img src={src} alt={alt} width={width} height={height} />
        </noscript>
      )}
    </div>
  );
}
