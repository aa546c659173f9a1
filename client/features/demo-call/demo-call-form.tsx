import { css } from '@emotion/react';
import { type ChangeEvent, type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { HoneypotField } from '#client/components/honeypot-field.tsx';
import { focusAnew } from '#client/lib/focus-anew.ts';
import { buttonStyles } from '#client/styles/buttons.ts';
import { site } from '#content/site.ts';
import { CONSENT_POLICY_PATH, demoConsentText } from '#shared/consent.ts';
import { EMAIL_MAX, NAME_FIELD_MAX, PHONE_INPUT_MAX } from '#shared/lead-schemas.ts';
import { SAME_NUMBER_RULE } from '#shared/messages.ts';
import { CALLER_AREA_CODE, PHONE_FOCUS_DELAY_MS } from './demo-call-rules.ts';
import { reformatPhone } from './phone-caret.ts';
import type { DemoField, DemoFieldErrors } from './submit-demo-call.ts';

export interface DemoFormValues {
  phone: string;
  fullName: string;
  email: string;
  consent: boolean;
  /** The honeypot: people never see it, so it stays empty unless a bot fills it. */
  website: string;
}

const form = css`
  display: grid;
  gap: var(--space-4);
  .intro {
    margin: 0;
    color: var(--color-muted);
  }
  .field {
    display: grid;
    gap: var(--space-1);
  }
  label {
    font-weight: 600;
  }
  input[type='tel'],
  input[type='text'],
  input[type='email'] {
    min-height: 2.75rem;
    padding: 0 var(--space-3);
    border: 1px solid var(--color-border-strong);
    border-radius: var(--radius);
    background: var(--color-bg);
    color: var(--color-text);
    font: inherit;
  }
  input[aria-invalid='true'] {
    border-color: var(--color-danger);
  }
  .error {
    margin: 0;
    color: var(--color-danger);
    font-size: 0.9375rem;
  }
  .consent {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: var(--space-3);
    align-items: start;
    font-size: 0.875rem;
    font-weight: 400;
    color: var(--color-muted);
  }
  .consent input {
    width: 1.25rem;
    height: 1.25rem;
    margin: 0.125rem 0 0;
    accent-color: var(--color-accent);
  }
  .consent a {
    color: var(--color-link);
  }
  .notes {
    display: grid;
    gap: var(--space-1);
    margin: 0;
    padding: var(--space-3) var(--space-4);
    border-radius: var(--radius);
    background: var(--color-bg-muted);
    font-size: 0.875rem;
    list-style: none;
  }
  .notes a {
    color: var(--color-link);
    font-weight: 600;
  }
  .form-error {
    margin: 0;
    padding: var(--space-3) var(--space-4);
    border-radius: var(--radius);
    background: var(--color-danger-surface);
    color: var(--color-danger);
  }
  button[type='submit'] {
    width: 100%;
    min-height: 3rem;
  }
  /* aria-disabled rather than disabled: the button keeps focus while the request runs. */
  button[aria-disabled='true'] {
    cursor: progress;
    opacity: 0.7;
  }
`;

/**
 * The consent sentence in the exact words the server stores (shared/consent.ts), with the policy's path as a
 * link. It opens in a new tab, so the details typed so far stay in the dialog.
 */
function ConsentText() {
  const [before, after = ''] = demoConsentText(site.name).split(CONSENT_POLICY_PATH);
  return (
    <>
      {before}
      <a href={CONSENT_POLICY_PATH} target="_blank" rel="noopener">
        {CONSENT_POLICY_PATH}
      </a>
      {after}
    </>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }): ReactNode {
  return message ? (
    <p id={id} className="error">
      {message}
    </p>
  ) : null;
}

interface Props {
  values: DemoFormValues;
  errors: DemoFieldErrors;
  formError: string | undefined;
  submitting: boolean;
  /** One field's new value; the dialog merges it into the latest values, so fast typing loses nothing. */
  onChange<K extends keyof DemoFormValues>(field: K, value: DemoFormValues[K]): void;
  onSubmit(): void;
  /** The field to focus after a refused submit; bumped by the dialog each time. */
  focusRequest: { field: DemoField; serial: number } | undefined;
  /** Shown under the consent box: the opt-back-in box after a do-not-contact refusal (docs/product-rules.md#consent). */
  afterConsent?: ReactNode;
}

/** The demo-call dialog's details step: phone, name, e-mail, consent; errors under their fields. */
export function DemoCallForm({
  values,
  errors,
  formError,
  submitting,
  onChange,
  onSubmit,
  focusRequest,
  afterConsent,
}: Props) {
  const id = useId();
  const fieldId = (field: string) => `${id}-${field}`;
  const errorId = (field: string) => `${id}-${field}-error`;
  const refs = {
    phone: useRef<HTMLInputElement>(null),
    fullName: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    consent: useRef<HTMLInputElement>(null),
  };
  const phoneRef = refs.phone;

  // The phone field takes focus 100 ms after the dialog opens.
  useEffect(() => {
    const timer = setTimeout(() => phoneRef.current?.focus(), PHONE_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [phoneRef]);

  const focusField = focusRequest?.field;
  const focusSerial = focusRequest?.serial;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serial asks again for the same field.
  useEffect(() => {
    if (focusField) focusAnew(refs[focusField].current);
  }, [focusField, focusSerial]);

  const change = (field: 'fullName' | 'email' | 'website') => (event: ChangeEvent<HTMLInputElement>) =>
    onChange(field, event.target.value);

  const onPhoneChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const next = reformatPhone(input.value, input.selectionStart ?? input.value.length);
    onChange('phone', next.value);
    // After React has written the formatted value, put the caret back after the same digits.
    requestAnimationFrame(() => {
      if (document.activeElement === input) input.setSelectionRange(next.caret, next.caret);
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!submitting) onSubmit();
  };

  const describedBy = (field: DemoField, extra?: string) =>
    [errors[field] ? errorId(field) : undefined, extra].filter(Boolean).join(' ') || undefined;

  return (
    <form css={form} onSubmit={submit} noValidate>
      <p className="intro">Enter your details and the {site.name} assistant will call you to show what it can do.</p>

      <div className="field">
        <label htmlFor={fieldId('phone')}>Phone number</label>
        <input
          ref={refs.phone}
          id={fieldId('phone')}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="(210) 555-0123"
          maxLength={PHONE_INPUT_MAX}
          value={values.phone}
          onChange={onPhoneChange}
          aria-invalid={errors.phone ? true : undefined}
          aria-describedby={describedBy('phone')}
        />
        {/* The phone check's refusal sits here, above the name field. */}
        <FieldError id={errorId('phone')} message={errors.phone} />
      </div>

      <div className="field">
        <label htmlFor={fieldId('fullName')}>Full name</label>
        <input
          ref={refs.fullName}
          id={fieldId('fullName')}
          name="fullName"
          type="text"
          autoComplete="name"
          maxLength={NAME_FIELD_MAX}
          value={values.fullName}
          onChange={change('fullName')}
          aria-invalid={errors.fullName ? true : undefined}
          aria-describedby={describedBy('fullName')}
        />
        <FieldError id={errorId('fullName')} message={errors.fullName} />
      </div>

      <div className="field">
        <label htmlFor={fieldId('email')}>Email address</label>
        <input
          ref={refs.email}
          id={fieldId('email')}
          name="email"
          type="email"
          autoComplete="email"
          maxLength={EMAIL_MAX}
          value={values.email}
          onChange={change('email')}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy('email')}
        />
        <FieldError id={errorId('email')} message={errors.email} />
      </div>

      <HoneypotField id={fieldId('website')} value={values.website} onChange={change('website')} />

      <div className="field">
        <label className="consent">
          <input
            ref={refs.consent}
            type="checkbox"
            name="consent"
            checked={values.consent}
            onChange={(event) => onChange('consent', event.target.checked)}
            aria-invalid={errors.consent ? true : undefined}
            aria-describedby={describedBy('consent')}
          />
          <span>
            <ConsentText />
          </span>
        </label>
        <FieldError id={errorId('consent')} message={errors.consent} />
      </div>
      {afterConsent}

      <ul className="notes">
        <li>Calls come from a {CALLER_AREA_CODE} area code.</li>
        <li>{SAME_NUMBER_RULE}</li>
        <li>
          Rather call us? Dial <a href={`tel:${site.contact.phone}`}>{site.contact.phoneDisplay}</a> directly.
        </li>
      </ul>

      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}

      <button type="submit" css={[buttonStyles.primary, buttonStyles.large]} aria-disabled={submitting}>
        {submitting ? 'Submitting...' : 'Call Me Now'}
      </button>
    </form>
  );
}
