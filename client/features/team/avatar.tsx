import { css } from '@emotion/react';

const avatar = css`
  display: inline-grid;
  flex: none;
  place-items: center;
  width: 3.5rem;
  height: 3.5rem;
  border-radius: 999px;
  background: var(--color-text);
  color: var(--color-bg);
  font-weight: 700;
  font-size: 1.125rem;
  letter-spacing: 0.02em;
  &[data-size='large'] {
    width: 5rem;
    height: 5rem;
    font-size: 1.625rem;
  }
`;

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/** Initials in a circle: the team has no photographs, and a stock face would be a lie. */
export function Avatar({ name, size = 'regular' }: { name: string; size?: 'regular' | 'large' }) {
  return (
    <span css={avatar} data-size={size} aria-hidden="true">
      {initials(name)}
    </span>
  );
}
