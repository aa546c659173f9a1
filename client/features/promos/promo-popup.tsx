import { css } from '@emotion/react';
import { type RefObject, useEffect, useRef } from 'react';
import { scrollToSection } from '#client/lib/smooth-scroll.ts';
import { toastOnNextPage, useToast } from '#client/state/toasts.ts';
import { buttonStyles } from '#client/styles/buttons.ts';
import { PROMO_DISCOUNT_PERCENT } from '#shared/promo.ts';
import { SECTION_SCROLL_DURATION_MS } from '#shared/ui-timing.ts';

// A corner card, not a modal: it never takes focus and, being fixed, never moves the page.
const popup = css`
  position: fixed;
  z-index: 80;
  right: var(--space-4);
  bottom: var(--space-4);
  width: min(22rem, calc(100% - 2rem));
  padding: var(--space-6);
  border: 1px solid var(--color-border);
  border-radius: calc(var(--radius) * 1.25);
  background: var(--color-surface);
  box-shadow: var(--shadow-lg);
  animation: promo-in 240ms ease-out;
  h2 {
    margin: 0 0 var(--space-2);
    font-size: 1.25rem;
  }
  p {
    margin: 0 0 var(--space-4);
    color: var(--color-muted);
  }
  .actions {
    display: flex;
    gap: var(--space-2);
  }
  .close {
    position: absolute;
    top: var(--space-2);
    right: var(--space-2);
    width: 2.25rem;
    height: 2.25rem;
    border: 0;
    border-radius: 999px;
    background: none;
    color: var(--color-text);
    font-size: 1.25rem;
    cursor: pointer;
  }
  @keyframes promo-in {
    from {
      opacity: 0;
      transform: translateY(1rem);
    }
  }
`;

/**
 * While the card shows, the page ends that much lower, so that the end of the page (the footer's links and buttons)
 * can be scrolled out from under it, and a control the keyboard reaches there is not hidden by it. Only the page's
 * end grows: nothing on screen moves.
 */
function useRoomBelowThePage(card: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = card.current;
    if (!element) return undefined;
    const makeRoom = () => {
      // Its height and its distance from the bottom, not its box, which moves while it slides in.
      const above = element.offsetHeight + Number.parseFloat(getComputedStyle(element).bottom);
      document.body.style.paddingBottom = `${Math.ceil(above)}px`;
    };
    makeRoom();
    // Its height follows the window's width: the observer sees both.
    const observer = new ResizeObserver(makeRoom);
    observer.observe(element);
    return () => {
      observer.disconnect();
      document.body.style.paddingBottom = '';
    };
  }, [card]);
}

interface Props {
  onDismiss(): void;
}

/** The promo popup: its call to action goes to pricing. When it shows is `PromoPopupWhenDue`'s job. */
export function PromoPopup({ onDismiss }: Props) {
  const toast = useToast();
  // Where the keyboard came from into the card: closed from inside, the focus goes back there, not to the page.
  const cameFrom = useRef<Element | null>(null);
  const card = useRef<HTMLElement>(null);
  useRoomBelowThePage(card);
  const dismiss = () => {
    const inside = card.current?.contains(document.activeElement);
    onDismiss();
    if (!inside) return;
    const back = cameFrom.current;
    if (back instanceof HTMLElement && back.isConnected) back.focus();
    else document.getElementById('main')?.focus();
  };
  return (
    <aside
      ref={card}
      css={popup}
      aria-labelledby="promo-title"
      onFocus={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) cameFrom.current = event.relatedTarget;
      }}
      // Escape closes it from inside, as it closes the site's dialogs.
      onKeyDown={(event) => {
        if (event.key === 'Escape') dismiss();
      }}
    >
      <button type="button" className="close" aria-label="Close offer" onClick={dismiss}>
        ×
      </button>
      <h2 id="promo-title">{PROMO_DISCOUNT_PERCENT}% off your first month</h2>
      <p>Join the beta this week and your first month of Porchlight costs half.</p>
      <div className="actions">
        <button
          type="button"
          css={buttonStyles.primary}
          onClick={() => {
            // Its offer takes the visitor to pricing, not back where they were.
            onDismiss();
            const applied = {
              title: 'Discount Applied!',
              description: `Your ${PROMO_DISCOUNT_PERCENT}% promotional discount will be applied at checkout.`,
            };
            // On the home page the pricing is scrolled to; from another page, the home page opens at it and shows
            // the toast.
            if (scrollToSection('pricing', SECTION_SCROLL_DURATION_MS)) {
              history.replaceState(history.state, '', '/#pricing');
              toast(applied);
            } else {
              toastOnNextPage(applied);
              window.location.assign('/#pricing');
            }
          }}
        >
          Claim discount
        </button>
      </div>
    </aside>
  );
}
