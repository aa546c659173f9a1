import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useHoverPrefetch } from '#client/hooks/use-hover-prefetch.ts';

export type NavItem = { label: string; section: string } | { label: string; to: string };

interface NavLinkProps {
  item: NavItem;
  onNavigate?(): void;
  children?: ReactNode;
}

/**
 * A header or drawer link. Section items go home carrying the section to scroll to (the layout scrolls);
 * without JavaScript they are plain `/#section` links.
 */
export function NavLink({ item, onNavigate }: NavLinkProps) {
  const hover = useHoverPrefetch();
  if ('section' in item) {
    return (
      <Link to={`/#${item.section}`} state={{ scrollToSection: item.section }} onClick={onNavigate}>
        {item.label}
      </Link>
    );
  }
  return (
    <Link to={item.to} onClick={onNavigate} {...hover(item.to)}>
      {item.label}
    </Link>
  );
}
