import { css } from '@emotion/react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { FocusableButton } from '#client/components/focusable-button.tsx';
import { HoneypotField } from '#client/components/honeypot-field.tsx';
import { trackLead } from '#client/features/ad-pixel/ad-pixel.ts';
import { OptBackInBox, refusedAsDoNotContact } from '#client/features/consent/consent-receipt.tsx';
import { focusAnew } from '#client/lib/focus-anew.ts';
import { visitorId } from '#client/lib/visitor-id.ts';
import { useSourceTag } from '#client/state/source-tag.ts';
import { useToast } from '#client/state/toasts.ts';
import { buttonStyles } from '#client/styles/buttons.ts';
import { site } from '#content/site.ts';
import { toFieldErrors } from '#shared/api-error.ts';
import { CONSENT_POLICY_PATH, contactConsentText } from '#shared/consent.ts';
import { contactSchema } from '#shared/lead-schemas.ts';
import { contactFailureToast, contactSuccessToast } from '#shared/messages.ts';
import {
  type ContactField,
  type ContactFieldErrors,
  type ContactOutcome,
  firstInvalidField,
  pickFieldErrors,
  readContactReply,
} from './contact-reply.ts';
import { FormField } from './form-field.tsx';

const form = css`
  display: grid;
  gap: var(--space-4);
  .names {
    display: grid;
    gap: var(--space-4);
    grid-template-columns: repeat(auto-fit, minmax(11rem, 1fr));
  }
  .consent {
    margin: 0;
    color: var(--color-muted);
    font-size: 0.8125rem;
    line-height: 1.5;
  }
  .failure {
    margin: 0;
    padding: var(--space-3);
    border: 1px solid var(--color-danger);
    border-radius: var(--radius);
    background: var(--color-danger-surface);
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--space-3);
  }
  .actions button {
    flex: 1 1 12rem;
  }
`;

const EMPTY: Record<ContactField, string> = {
  firstName: '',
  lastName: '',
  phoneNumber: '',
  email: '',
  companyName: '',
};

async function send(body: object): Promise<ContactOutcome> {
  try {
    const res = await fetch('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const reply: unknown = await res.json().catch(() => null);
    return readContactReply(res.status, reply);
  } catch {
    return { kind: 'failed' };
  }
}

/** The consent notice in the exact words the server records, with the policy's path as a link. */
function ConsentNotice({ onLeave }: { onLeave(): void }) {
  const [before, after = ''] = contactConsentText(site.name).split(CONSENT_POLICY_PATH);
  return (
    <p className="consent">
      {before}
      <a href={CONSENT_POLICY_PATH} onClick={onLeave}>
        {CONSENT_POLICY_PATH}
      </a>
      {after}
    </p>
  );
}

interface ContactFormProps {
  /** Called after a successful submission, and when the visitor follows the policy link. */
  onDone(): void;
  /** The form was accepted with a consent receipt: the dialog shows its link instead of closing. */
  onReceipt?(receiptUrl: string): void;
  /** 'Book a Call Directly': the visitor would rather pick a time in the calendar. */
  onBookCall(): void;
}

/** The contact form (docs/product-rules.md#lead-forms): idle → submitting → field errors, or a toast and done. */
export function ContactForm({ onDone, onReceipt, onBookCall }: ContactFormProps) {
  const id = useId();
  const sourceTag = useSourceTag();
  const toast = useToast();
  const [values, setValues] = useState(EMPTY);
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<ContactFieldErrors>({});
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  // Shown once the server refused the number or address for being on the do-not-contact list.
  const [listed, setListed] = useState(false);
  const [optBackIn, setOptBackIn] = useState(false);

  const inputId = (field: ContactField) => `${id}-${field}`;
  const showErrors = (next: ContactFieldErrors) => {
    setErrors(next);
    const first = firstInvalidField(next);
    // Focus lands on the first field to fix; its label, state and message are read out together.
    if (first) requestAnimationFrame(() => focusAnew(document.getElementById(inputId(first))));
  };
  // The first field is where the visitor starts: after the dialog has opened, which focuses its first control.
  useEffect(() => {
    const frame = requestAnimationFrame(() => document.getElementById(`${id}-firstName`)?.focus());
    return () => cancelAnimationFrame(frame);
  }, [id]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFailed(false);
    const parsed = contactSchema.safeParse({ ...values, sourceTag });
    if (!parsed.success) {
      showErrors(pickFieldErrors(toFieldErrors(parsed.error).fieldErrors));
      return;
    }
    setErrors({});
    setBusy(true);
    // The visitor id ties this browser's visits to the lead (docs/product-rules.md#privacy-requests).
    const outcome = await send({
      ...values,
      sourceTag,
      visitorId: visitorId(),
      website,
      ...(optBackIn ? { optBackIn: true } : {}),
    });
    setBusy(false);
    switch (outcome.kind) {
      case 'submitted':
        trackLead({ form: 'contact' });
        toast({ ...contactSuccessToast });
        if (outcome.receiptUrl && onReceipt) onReceipt(outcome.receiptUrl);
        else onDone();
        return;
      case 'field-errors':
        if (refusedAsDoNotContact(outcome.fieldErrors)) setListed(true);
        showErrors(outcome.fieldErrors);
        return;
      case 'failed':
        setFailed(true);
        toast({ ...contactFailureToast, variant: 'destructive' });
        return;
    }
  }

  const field = (name: ContactField) => ({
    id: inputId(name),
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [name]: value }));
      if (errors[name]) setErrors(({ [name]: _, ...rest }) => rest);
    },
  });

  return (
    <form css={form} noValidate onSubmit={submit} aria-busy={busy}>
      <div className="names">
        <FormField label="First Name" autoComplete="given-name" {...field('firstName')} />
        <FormField label="Last Name" autoComplete="family-name" {...field('lastName')} />
      </div>
      <FormField label="Phone Number" type="tel" autoComplete="tel" inputMode="tel" {...field('phoneNumber')} />
      <FormField label="Email Address" type="email" autoComplete="email" {...field('email')} />
      <FormField label="Company Name" autoComplete="organization" {...field('companyName')} />
      <HoneypotField id={`${id}-website`} value={website} onChange={(event) => setWebsite(event.currentTarget.value)} />
      <ConsentNotice onLeave={onDone} />
      {listed && <OptBackInBox id={`${id}-opt-back-in`} checked={optBackIn} onChange={setOptBackIn} />}
      {failed && (
        <p className="failure" role="alert">
          {contactFailureToast.title}. {contactFailureToast.description}
        </p>
      )}
      <div className="actions">
        <FocusableButton type="submit" css={buttonStyles.primary} unavailable={busy}>
          {busy ? 'Submitting...' : 'Submit'}
        </FocusableButton>
        <button type="button" css={buttonStyles.secondary} onClick={onBookCall}>
          Book a Call Directly
        </button>
      </div>
    </form>
  );
}
