import { css } from '@emotion/react';
import { useRef } from 'react';
import { ModalHeading, modalBodyStyles, modalDialogStyles } from '#client/components/modal.tsx';
import { useIslandId } from '#client/islands/island-context.ts';
import { type DialogRequest, useOpenDialog } from '#client/state/dialogs.ts';
import { buttonStyles } from '#client/styles/buttons.ts';
import { mainNav } from '#content/site.ts';
import { COMPACT_LANDSCAPE_NAV_BELOW_PX, COMPACT_NAV_MEDIA, PHONE_MEDIA } from '#shared/ui-timing.ts';
import { NavLink } from './nav-link.tsx';
import { SITE_MENU_ID } from './site-menu-id.ts';
import { ThemeSwitch } from './theme-toggle.tsx';

// The compact menu (phones, and landscape screens under 1024 px) has the header's items minus About Us,
// which stays in the footer, plus 'Try the AI'; 'Book Demo' joins it because the header has no room for it
// there. On wider screens the menu holds the items the header has no room for, About Us among them.
const SHEET_MEDIA = `(orientation: landscape) and (max-width: ${COMPACT_LANDSCAPE_NAV_BELOW_PX - 0.02}px)`;

// A side drawer; a bottom sheet when the screen is wider than tall and under 1024 px.
const drawer = css`
  margin: 0 0 0 auto;
  width: min(22rem, 88vw);
  height: 100dvh;
  max-height: 100dvh;
  border-radius: 0;
  border-width: 0 0 0 1px;
  &[open] {
    animation: drawer-in 200ms ease-out;
  }
  @keyframes drawer-in {
    from {
      transform: translateX(100%);
    }
  }
  @media ${SHEET_MEDIA} {
    margin: auto 0 0;
    width: 100%;
    max-width: 100%;
    height: auto;
    max-height: 85dvh;
    border-width: 1px 0 0;
    border-radius: calc(var(--radius) * 1.5) calc(var(--radius) * 1.5) 0 0;
    &[open] {
      animation: sheet-in 200ms ease-out;
    }
  }
  @keyframes sheet-in {
    from {
      transform: translateY(100%);
    }
  }
  ul {
    display: grid;
    gap: var(--space-1);
    margin: 0 0 var(--space-6);
    padding: 0;
    list-style: none;
    @media ${SHEET_MEDIA} {
      grid-template-columns: repeat(3, 1fr);
    }
  }
  a {
    display: block;
    padding: var(--space-3) var(--space-2);
    border-radius: 0.5rem;
    color: var(--color-text);
    font-size: 1.0625rem;
    font-weight: 500;
    text-decoration: none;
  }
  a:hover {
    background: var(--color-bg-muted);
  }
  .not-compact {
    @media ${COMPACT_NAV_MEDIA} {
      display: none;
    }
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--space-3);
    > button {
      flex: 1 1 10rem;
    }
  }
  /* The header keeps the theme toggle except on phones, where the menu has it instead (when scripts run: the
     switch is theirs). */
  .theme {
    display: none;
    flex: 1 1 100%;
    @media ${PHONE_MEDIA} {
      .js & {
        display: block;
      }
    }
    @media ${SHEET_MEDIA} {
      flex-basis: 16rem;
    }
  }
`;

/**
 * The menu drawer: a <dialog> in the page's HTML that the header's menu button opens by itself
 * (`command="show-modal"`), so it opens at the first tap, before the page's code has come and without it; the
 * browser makes the page behind it inert, closes it on Escape, on its close button or outside it, and gives focus
 * back to the menu button. An island of its own, hydrated once it is opened (it is seen then): every page pays for
 * the header's code at once, not for the drawer's. The header keeps Tab inside it from the start (site-header.tsx).
 */
export function MobileMenu() {
  const id = SITE_MENU_ID;
  const openDialog = useOpenDialog();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useIslandId('title');
  const close = () => ref.current?.close();
  /** The drawer's calls to action close it, then open their dialog. */
  const closeThenOpen = (request: DialogRequest) => () => {
    close();
    openDialog(request);
  };

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a tap outside is the pointer's way to close it; Escape is the keyboard's, the browser's own.
    <dialog
      ref={ref}
      id={id}
      css={[modalDialogStyles, drawer]}
      aria-labelledby={titleId}
      closedby="any"
      // Browsers without `closedby`: a click on the backdrop lands on the <dialog> itself.
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
    >
      <ModalHeading
        titleId={titleId}
        title="Menu"
        closeLabel="Close menu"
        close={{ command: 'close', commandfor: id }}
      />
      <div css={modalBodyStyles}>
        <nav aria-label="Mobile">
          <ul>
            {mainNav.map((item) => (
              <li key={item.label} className={item.label === 'About Us' ? 'not-compact' : undefined}>
                <NavLink item={item} onNavigate={close} />
              </li>
            ))}
          </ul>
        </nav>
        <div className="actions">
          <button
            type="button"
            css={[buttonStyles.primary, buttonStyles.large]}
            onClick={closeThenOpen({ kind: 'demo-call' })}
          >
            Try the AI
          </button>
          <button
            type="button"
            css={[buttonStyles.secondary, buttonStyles.large]}
            onClick={closeThenOpen({ kind: 'booking' })}
          >
            Book Demo
          </button>
          <div className="theme">
            <ThemeSwitch />
          </div>
        </div>
      </div>
    </dialog>
  );
}
