import { css } from '@emotion/react';

const avatar = css`
  flex: none;
  width: 4rem;
  height: 4rem;
  border-radius: 999px;
  background: var(--color-bg-muted);
  &[data-size='large'] {
    width: 7rem;
    height: 7rem;
  }
`;

/**
 * A person's illustrated portrait (scripts/draw-portraits.ts), drawn in the blog covers' style: the team has no
 * photographs, and a stock face would be someone else. Their name always sits beside it, so it says nothing more.
 */
export function Avatar({ slug, size = 'regular' }: { slug: string; size?: 'regular' | 'large' }) {
  return (
    <img
      css={avatar}
      data-size={size}
      src={`/images/team/${slug}.svg`}
      alt=""
      width={160}
      height={160}
      // At the top of a personal page the portrait is in the first screen; in the team list it can wait.
      loading={size === 'large' ? 'eager' : 'lazy'}
      decoding="async"
    />
  );
}
