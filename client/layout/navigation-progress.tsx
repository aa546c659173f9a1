import { css, keyframes } from '@emotion/react';
import { useNavigation } from 'react-router';

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

const indicator = css`
  position: fixed;
  z-index: 70;
  top: 0;
  left: 0;
  right: 0;
  height: 3px;
  overflow: hidden;
  .label {
    position: fixed;
    top: var(--space-2);
    left: 50%;
    transform: translateX(-50%);
    padding: var(--space-1) var(--space-3);
    border-radius: 999px;
    background: var(--color-text);
    color: var(--color-bg);
    font-size: 0.8125rem;
    font-weight: 600;
  }
  &::before {
    content: '';
    display: block;
    width: 40%;
    height: 100%;
    background: var(--color-accent);
    animation: ${slide} 1s ease-in-out infinite;
  }
`;

/** 'Loading...' while a page's code or data loads. */
export function NavigationProgress() {
  const navigation = useNavigation();
  const loading = navigation.state === 'loading';
  return (
    <div role="status" aria-live="polite">
      {loading && (
        <div css={indicator}>
          <span className="label">Loading...</span>
        </div>
      )}
    </div>
  );
}
