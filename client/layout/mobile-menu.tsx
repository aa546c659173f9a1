import { css } from '@emotion/react';
import { mainNav } from '#content/site.ts';
import { COMPACT_LANDSCAPE_NAV_BELOW_PX, MOBILE_BREAKPOINT_PX } from '#shared/ui-timing.ts';
import { Modal } from '../components/modal.tsx';
import { useOpenDialog } from '../state/dialogs.ts';
import { buttonStyles } from '../styles/buttons.ts';
import { NavLink } from './nav-link.tsx';

// SPEC §2: on phones the drawer has the header's items minus About Us, plus 'Try the AI'. On wider screens it
// also holds the items the header has no room for, About Us among them.
const PHONE_MEDIA = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;
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
    width: 100vw;
    max-width: 100vw;
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
  .not-on-phones {
    @media ${PHONE_MEDIA} {
      display: none;
    }
  }
`;

interface MobileMenuProps {
  open: boolean;
  onClose(): void;
}

export function MobileMenu({ open, onClose }: MobileMenuProps) {
  const openDialog = useOpenDialog();
  return (
    <Modal open={open} onClose={onClose} title="Menu" styles={drawer} closeLabel="Close menu">
      <nav aria-label="Mobile">
        <ul>
          {mainNav.map((item) => (
            <li key={item.label} className={item.label === 'About Us' ? 'not-on-phones' : undefined}>
              <NavLink item={item} onNavigate={onClose} />
            </li>
          ))}
        </ul>
      </nav>
      <button
        type="button"
        css={[buttonStyles.primary, buttonStyles.large]}
        onClick={() => {
          onClose();
          openDialog({ kind: 'demo-call' });
        }}
      >
        Try the AI
      </button>
    </Modal>
  );
}
