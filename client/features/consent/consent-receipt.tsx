import { css } from '@emotion/react';
import { OPT_BACK_IN_TEXT } from '#shared/consent.ts';
import { DO_NOT_CONTACT_MESSAGE } from '#shared/messages.ts';

// What both lead forms show of consent after the server answered (docs/product-rules.md#consent): the receipt's
// link once a form is accepted, and the opt-back-in box once a number or address was refused for being on the
// do-not-contact list.

const receipt = css`
  margin: 0;
  font-size: 0.875rem;
  line-height: 1.5;
  overflow-wrap: anywhere;
`;

/** The receipt's link: a plain link, opened in this tab or another, never prefetched. */
export function ConsentReceiptLink({ href }: { href: string }) {
  return (
    <p css={receipt} data-testid="consent-receipt">
      Your consent receipt:{' '}
      <a href={href} rel="noreferrer">
        see what you agreed to, or stop us contacting you
      </a>
      . Keep this link private: it is the only key to it.
    </p>
  );
}

/** The server's answer for a number or address on the list: only then is the box shown. */
export function refusedAsDoNotContact(errors: Record<string, string | undefined>): boolean {
  return Object.values(errors).includes(DO_NOT_CONTACT_MESSAGE);
}

const box = css`
  display: flex;
  gap: var(--space-2);
  align-items: flex-start;
  font-size: 0.875rem;
  line-height: 1.5;
  input {
    margin-top: 0.2rem;
    width: 1.1rem;
    height: 1.1rem;
    flex: none;
  }
`;

/** The opt-back-in box: ticked, the form is a fresh consent that lifts the listing. */
export function OptBackInBox({
  id,
  checked,
  onChange,
}: {
  id: string;
  checked: boolean;
  onChange(next: boolean): void;
}) {
  return (
    <label css={box} htmlFor={id}>
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.currentTarget.checked)} />
      <span>{OPT_BACK_IN_TEXT}</span>
    </label>
  );
}
