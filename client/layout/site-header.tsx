import { css } from '@emotion/react';
import { useEffect } from 'react';
import { keepFocusInside } from '#client/components/modal.tsx';
import { useScrolled } from '#client/hooks/use-scrolled.ts';
import { scrollWindowTo } from '#client/lib/smooth-scroll.ts';
import { useOpenDialog } from '#client/state/dialogs.ts';
import { buttonStyles } from '#client/styles/buttons.ts';
import { mainNav, site } from '#content/site.ts';
import {
  COMPACT_LANDSCAPE_NAV_BELOW_PX,
  COMPACT_NAV_MEDIA,
  HEADER_OPAQUE_AFTER_PX,
  PHONE_MEDIA,
  SCROLL_TO_TOP_DURATION_MS,
} from '#shared/ui-timing.ts';
import { type NavItem, NavLink } from './nav-link.tsx';
import { SITE_MENU_ID } from './site-menu-id.ts';
import { ThemeToggle } from './theme-toggle.tsx';

// The whole navigation fits in one row from this width; below it, the items after Blog move into the menu,
// and under 1024 px every item does: the header collapses wherever its items do not fit.
const FULL_NAV_MIN_PX = 1280;
const PARTIAL_NAV_MEDIA = `(max-width: ${FULL_NAV_MIN_PX - 0.02}px)`;
const NO_INLINE_NAV_MEDIA = `(max-width: ${COMPACT_LANDSCAPE_NAV_BELOW_PX - 0.02}px)`;
// On the narrowest phones the logo goes without the wordmark, so the call to action and the menu still fit.
const NO_WORDMARK_MEDIA = '(max-width: 359.98px)';
const NARROW_MEDIA = '(max-width: 399.98px)';

/** Home sections and the blog stay in the header longest; the other pages wait in the menu. */
function isSecondary(item: NavItem) {
  return 'to' in item && item.to !== '/blogs';
}

const header = css`
  position: fixed;
  inset: 0 0 auto 0;
  z-index: 50;
  height: var(--header-height);
  border-bottom: 1px solid transparent;
  background: transparent;
  transition:
    background-color 200ms ease,
    border-color 200ms ease,
    box-shadow 200ms ease;
  /* Without scripts nothing follows the scroll (no class from the boot script): opaque from the start, so the page's
     text never shows through it. */
  &[data-opaque='true'],
  html:not(.js) & {
    background: var(--color-surface);
    border-bottom-color: var(--color-border);
    box-shadow: var(--shadow-sm);
  }
`;

// A little wider than the content column, so the full navigation has room at 1280 px.
const bar = css`
  display: flex;
  align-items: center;
  gap: var(--space-3);
  max-width: calc(var(--content-width) + 2 * var(--space-12));
  height: 100%;
  margin: 0 auto;
  padding: 0 var(--space-4);
  @media ${NARROW_MEDIA} {
    gap: var(--space-2);
    padding: 0 var(--space-3);
  }
`;

const logo = css`
  display: inline-flex;
  align-items: center;
  gap: var(--space-2);
  min-width: 2.75rem;
  min-height: 2.75rem;
  margin-right: auto;
  font-weight: 800;
  font-size: 1.25rem;
  letter-spacing: -0.01em;
  color: var(--color-text);
  text-decoration: none;
  svg {
    flex: none;
    width: 1.75rem;
    height: 1.75rem;
  }
  @media ${NO_WORDMARK_MEDIA} {
    justify-content: center;
    .wordmark {
      display: none;
    }
  }
`;

const nav = css`
  ul {
    display: flex;
    gap: var(--space-1);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  a {
    display: inline-block;
    padding: var(--space-2);
    border-radius: 0.375rem;
    color: var(--color-text);
    text-decoration: none;
    font-size: 0.9375rem;
    font-weight: 500;
    white-space: nowrap;
  }
  a:hover {
    background: var(--color-bg-muted);
  }
  .secondary {
    @media ${PARTIAL_NAV_MEDIA} {
      display: none;
    }
  }
  @media ${NO_INLINE_NAV_MEDIA} {
    display: none;
  }
`;

const actions = css`
  display: flex;
  align-items: center;
  gap: var(--space-2);
  flex: none;
  .wide-only {
    @media ${COMPACT_NAV_MEDIA} {
      display: none;
    }
  }
  /* On phones the theme choice lives in the menu. */
  .not-on-phones {
    display: contents;
    @media ${PHONE_MEDIA} {
      display: none;
    }
  }
`;

const menuButton = css`
  display: none;
  @media ${PARTIAL_NAV_MEDIA} {
    display: inline-flex;
  }
`;

export function Logo() {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="var(--color-text)" />
      <path d="M14 34 32 18l18 16v14a2 2 0 0 1-2 2H16a2 2 0 0 1-2-2z" fill="var(--color-bg)" />
      <circle cx="32" cy="38" r="6" fill="var(--color-accent-bright)" />
    </svg>
  );
}

/** Fixed header, opaque once scrolled, the main navigation and the two calls to action. An island (client/islands/). */
export function SiteHeader() {
  const opaque = useScrolled(HEADER_OPAQUE_AFTER_PX);
  const openDialog = useOpenDialog();

  useEffect(() => {
    // The drawer hydrates only once opened (mobile-menu.tsx); Tab wraps inside it from its first use.
    const menu = document.getElementById(SITE_MENU_ID);
    if (!menu) return;
    const wrap = (event: KeyboardEvent) => keepFocusInside(menu, event);
    menu.addEventListener('keydown', wrap);
    return () => menu.removeEventListener('keydown', wrap);
  }, []);

  return (
    <header css={header} data-opaque={opaque}>
      <div css={bar}>
        <a
          css={logo}
          href="/"
          aria-label={`${site.name} home`}
          onClick={(event) => {
            if (window.location.pathname !== '/') return;
            event.preventDefault();
            scrollWindowTo(0, SCROLL_TO_TOP_DURATION_MS);
          }}
        >
          <Logo />
          <span className="wordmark">{site.name}</span>
        </a>
        <nav css={nav} aria-label="Main">
          <ul>
            {mainNav.map((item) => (
              <li key={item.label} className={isSecondary(item) ? 'secondary' : undefined}>
                <NavLink item={item} />
              </li>
            ))}
          </ul>
        </nav>
        <div css={actions}>
          <div className="not-on-phones">
            <ThemeToggle />
          </div>
          <button
            type="button"
            className="wide-only"
            css={buttonStyles.secondary}
            onClick={() => openDialog({ kind: 'booking' })}
          >
            Book Demo
          </button>
          <button type="button" css={buttonStyles.primary} onClick={() => openDialog({ kind: 'demo-call' })}>
            Try the AI
          </button>
          <button
            type="button"
            css={[buttonStyles.icon, menuButton]}
            aria-label="Open menu"
            aria-haspopup="dialog"
            command="show-modal"
            commandfor={SITE_MENU_ID}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      </div>
    </header>
  );
}
