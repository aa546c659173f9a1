import type { MouseEvent, ReactNode } from 'react';
import { useHoverPrefetch } from '#client/hooks/use-hover-prefetch.ts';
import { scrollToSection } from '#client/lib/smooth-scroll.ts';
import { SECTION_SCROLL_DURATION_MS } from '#shared/ui-timing.ts';

export type NavItem = { label: string; section: string } | { label: string; to: string };

interface NavLinkProps {
  item: NavItem;
  onNavigate?(): void;
  children?: ReactNode;
}

/** A plain click, not one that asks for a new tab or window. */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A header or drawer link: a page loads as a document (prefetched when the pointer rests on it). A section
 * link is `/#section`: from another page it loads the home page at that section; on the home page it scrolls.
 */
export function NavLink({ item, onNavigate }: NavLinkProps) {
  const hover = useHoverPrefetch();
  if ('section' in item) {
    return (
      <a
        href={`/#${item.section}`}
        onClick={(event) => {
          onNavigate?.();
          // On the home page a section link scrolls instead of loading the page again.
          if (window.location.pathname !== '/' || !isPlainClick(event)) return;
          if (!scrollToSection(item.section, SECTION_SCROLL_DURATION_MS)) return;
          event.preventDefault();
          history.replaceState(history.state, '', `/#${item.section}`);
        }}
      >
        {item.label}
      </a>
    );
  }
  return (
    <a href={item.to} onClick={onNavigate} {...hover(item.to)}>
      {item.label}
    </a>
  );
}
