import type { ComponentProps } from 'react';

interface Props extends Omit<ComponentProps<'button'>, 'disabled' | 'aria-disabled'> {
  /** A press does nothing now (a request is running, or there is nowhere to go), and the button says so. */
  unavailable: boolean;
}

/**
 * A button that cannot be used for the moment but keeps its place in the keyboard's path: `aria-disabled`, not
 * `disabled`. A disabled button loses the focus, and a keyboard user who had just pressed it would land at the top
 * of the page. A press while unavailable is cancelled, so a submit button sends no form either (Enter in a field
 * presses the form's submit button).
 */
export function FocusableButton({ unavailable, onClick, type = 'button', ...props }: Props) {
  return (
    <button
      {...props}
      type={type}
      aria-disabled={unavailable}
      onClick={(event) => {
        if (unavailable) event.preventDefault();
        else onClick?.(event);
      }}
    />
  );
}
