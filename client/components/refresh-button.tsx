import type { SerializedStyles } from '@emotion/react';
import { buttonStyles } from '#client/styles/buttons.ts';
import { FocusableButton } from './focusable-button.tsx';

interface Props {
  /** A fetch is running: the button says so, and a press does nothing. */
  fetching: boolean;
  onRefresh(): void;
  label?: string;
  styles?: SerializedStyles;
}

/** Fetches an operator page's figures again; while the fetch runs it keeps the focus of whoever pressed it. */
export function RefreshButton({ fetching, onRefresh, label = 'Refresh', styles }: Props) {
  return (
    <FocusableButton css={[buttonStyles.secondary, styles]} unavailable={fetching} onClick={onRefresh}>
      {label}
    </FocusableButton>
  );
}
