import { css } from '@emotion/react';
import { Form, useLocation } from 'react-router';
import { BLOG_LAYOUT_PARAM, blogLayoutFrom } from '#shared/page-query.ts';
import type { BlogCardLayout } from './blog-card.tsx';

const group = css`
  display: inline-flex;
  min-inline-size: 0;
  margin: 0;
  padding: 0.25rem;
  border: 1px solid var(--color-border);
  border-radius: 999px;
  background: var(--color-surface);
  button {
    display: inline-flex;
    align-items: center;
    gap: var(--space-2);
    min-height: 2.75rem;
    padding: 0 var(--space-4);
    border: 0;
    border-radius: 999px;
    background: transparent;
    color: var(--color-text);
    font-weight: 600;
    font-size: 0.875rem;
    cursor: pointer;
  }
  button[aria-pressed='true'] {
    background: var(--color-text);
    color: var(--color-bg);
  }
  button:hover:not([aria-pressed='true']) {
    background: var(--color-bg-muted);
  }
  svg {
    width: 1rem;
    height: 1rem;
  }
`;

const OPTIONS: { value: BlogCardLayout; label: string; icon: string }[] = [
  { value: 'grid', label: 'Grid', icon: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z' },
  { value: 'list', label: 'List', icon: 'M4 5h4v4H4zM11 7h9M4 15h4v4H4zM11 17h9' },
];

/** The layout is kept in the URL (?layout=list), so it survives a reload and can be shared; works without scripts. */
export function LayoutSwitch({ layout }: { layout: BlogCardLayout }) {
  // The path alone: by default the action keeps the page's query, which would put any ?utm_…=… into the HTML.
  const { pathname } = useLocation();
  return (
    <Form method="get" action={pathname} replace preventScrollReset>
      <fieldset css={group}>
        <legend className="visually-hidden">Layout</legend>
        {OPTIONS.map((option) => (
          <button
            key={option.value}
            type="submit"
            name={BLOG_LAYOUT_PARAM}
            value={option.value}
            aria-pressed={layout === option.value}
          >
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d={option.icon} />
            </svg>
            {option.label}
          </button>
        ))}
      </fieldset>
    </Form>
  );
}

/** Reads the layout from the URL; anything but 'list' is the grid. */
export function layoutFrom(searchParams: URLSearchParams): BlogCardLayout {
  return blogLayoutFrom(searchParams);
}
