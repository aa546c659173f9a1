import { css } from '@emotion/react';
import type { ChangeEvent } from 'react';

// Off screen, out of the tab order and hidden from screen readers: people never fill it, some bots do, and the
// server refuses a form that arrives with it filled (honeypotFilled in shared/lead-schemas.ts).
const hidden = css`
  position: absolute;
  left: -10000px;
  width: 1px;
  height: 1px;
  overflow: hidden;
`;

/** The lead forms' `website` field, which only bots fill. */
export function HoneypotField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
}) {
  return (
    <div css={hidden} aria-hidden="true">
      <label htmlFor={id}>Website</label>
      <input id={id} name="website" type="text" tabIndex={-1} autoComplete="off" value={value} onChange={onChange} />
    </div>
  );
}
