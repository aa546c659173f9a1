import { css } from '@emotion/react';
import { type ReactElement, useEffect, useId, useRef, useState } from 'react';
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '#shared/ui-timing.ts';

const wrapper = css`
  position: relative;
  display: inline-flex;
`;

const bubble = css`
  position: absolute;
  z-index: 60;
  top: calc(100% + 0.5rem);
  left: 50%;
  transform: translateX(-50%);
  padding: var(--space-1) var(--space-2);
  border-radius: 0.375rem;
  background: var(--color-text);
  color: var(--color-bg);
  font-size: 0.8125rem;
  white-space: nowrap;
  pointer-events: none;
`;

// After one tooltip closes, the next opens without the delay for a short while: someone moving along a row of icons
// reads each label at once.
let lastClosedAt = Number.NEGATIVE_INFINITY;

interface TooltipProps {
  label: string;
  /** A single focusable element; the tooltip describes it. */
  children: (describedBy: string | undefined) => ReactElement;
}

/** Opens after a delay on hover or focus; closes on leave, blur, click or scroll. */
export function Tooltip({ label, children }: TooltipProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const show = () => {
    clearTimeout(timer.current);
    const delay = performance.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_DELAY_MS;
    timer.current = setTimeout(() => setOpen(true), delay);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen((wasOpen) => {
      if (wasOpen) lastClosedAt = performance.now();
      return false;
    });
  };

  useEffect(() => {
    if (!open) return;
    const onScroll = () => hide();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    window.addEventListener('scroll', onScroll, { passive: true, once: true });
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('keydown', onKey);
    };
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the events come from the focusable child inside.
    <span
      css={wrapper}
      onPointerEnter={show}
      onPointerLeave={hide}
      onFocus={show}
      onBlur={hide}
      onClick={hide}
      onKeyDown={hide}
    >
      {children(open ? id : undefined)}
      {open && (
        <span css={bubble} role="tooltip" id={id}>
          {label}
        </span>
      )}
    </span>
  );
}
