import type { SerializedStyles } from '@emotion/react';
import { buttonStyles } from '#client/styles/buttons.ts';

interface Props {
  /** A fetch is running: the button says so, and a press does nothing. */
  fetching: boolean;
  onRefresh(): void;
  label?: string;
  styles?: SerializedStyles;
}

/**
 * Fetches an operator page's figures again. While the fetch runs it is `aria-disabled`, not `disabled`: a disabled
 * button loses focus, and a keyboard user who pressed Enter on it would land at the top of the page.
 */
export function RefreshButton({ fetching, onRefresh, label = 'Refresh', styles }: Props) {
  return (
    <button
      type="button"
      css={[buttonStyles.secondary, styles]}
      aria-disabled={fetching}
      onClick={() => {
        if (!fetching) onRefresh();
      }}
    >
      {label}
    </button>
  );
}
