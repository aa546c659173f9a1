import { css } from '@emotion/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Modal } from '#client/components/modal.tsx';
import { trackLead } from '#client/features/ad-pixel/ad-pixel.ts';
import { visitorId } from '#client/lib/visitor-id.ts';
import { useSourceTag } from '#client/state/source-tag.ts';
import { toFieldErrors } from '#shared/api-error.ts';
import type { CallStatus } from '#shared/call-status-protocol.ts';
import { demoCallSchema } from '#shared/lead-schemas.ts';
import { PROCESSING_ERROR_MESSAGE, SAME_NUMBER_COOLDOWN_MESSAGE } from '#shared/messages.ts';
import { formatPhoneAsYouType } from '#shared/phone.ts';
import { DemoCallForm, type DemoFormValues } from './demo-call-form.tsx';
import { CALLER_AREA_CODE, CALLING_CLOSE_AFTER_MS, SCHEDULED_CLOSE_AFTER_MS } from './demo-call-rules.ts';
import { followCall } from './follow-call.ts';
import { askedRecently, rememberCall } from './recent-calls.ts';
import { DEMO_FIELDS, type DemoField, type DemoFieldErrors, submitDemoCall } from './submit-demo-call.ts';

type Step =
  | { name: 'details' }
  | { name: 'preparing'; callId: string; phone: string }
  | { name: 'calling'; phone: string }
  | { name: 'scheduled' };

// The title of each step.
const TITLES = {
  details: 'Have the AI call me',
  preparing: 'Preparing Call...',
  calling: 'Incoming Call!',
  scheduled: 'Call Scheduled',
} as const satisfies Record<Step['name'], string>;

const stepBody = css`
  display: grid;
  gap: var(--space-4);
  justify-items: center;
  text-align: center;
  /* Focused only to keep the focus in the dialog when the form goes; not a control. */
  &:focus {
    outline: none;
  }
  p {
    margin: 0;
  }
  .muted {
    color: var(--color-muted);
  }
  .pulse {
    width: 4rem;
    height: 4rem;
    border-radius: 999px;
    background: var(--color-accent);
    animation: demo-pulse 1.4s ease-in-out infinite;
  }
  @keyframes demo-pulse {
    50% {
      transform: scale(0.85);
      opacity: 0.6;
    }
  }
`;

function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

function firstInvalid(errors: DemoFieldErrors): DemoField | undefined {
  return DEMO_FIELDS.find((field) => errors[field] !== undefined);
}

/** What a screen reader hears when the step changes (the title alone says little once the form is gone). */
function announcement(step: Step): string {
  switch (step.name) {
    case 'details':
      return '';
    case 'preparing':
      return `${TITLES.preparing} The assistant is getting ready to call ${step.phone}.`;
    case 'calling':
      return `${TITLES.calling} Your phone is ringing.`;
    case 'scheduled':
      return `${TITLES.scheduled} The assistant will call you during calling hours.`;
  }
}

interface Props {
  request: { kind: 'demo-call'; phone?: string };
  onClose(): void;
}

/**
 * The demo-call dialog (docs/product-rules.md#call-status): details → preparing (the call's Socket.IO room tells when
 * it rings) → 'Incoming Call!' → closes after 7 s; or details → 'Call Scheduled' → closes after 9 s. Closing unmounts
 * it, so the next opening starts from empty fields.
 */
export function DemoCallDialog({ request, onClose }: Props) {
  const sourceTag = useSourceTag();
  const [open, setOpen] = useState(true);
  const [step, setStep] = useState<Step>({ name: 'details' });
  const [values, setValues] = useState<DemoFormValues>(() => ({
    phone: formatPhoneAsYouType(request.phone ?? ''),
    fullName: '',
    email: '',
    consent: false,
    website: '',
  }));
  const [errors, setErrors] = useState<DemoFieldErrors>({});
  const [formError, setFormError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [focusRequest, setFocusRequest] = useState<{ field: DemoField; serial: number }>();
  const stepRef = useRef<HTMLDivElement>(null);

  const refuse = useCallback((fieldErrors: DemoFieldErrors, message?: string) => {
    setErrors(fieldErrors);
    setFormError(message);
    const field = firstInvalid(fieldErrors);
    if (field) setFocusRequest((previous) => ({ field, serial: (previous?.serial ?? 0) + 1 }));
  }, []);

  const submit = async () => {
    // The form's own rules first, with the schema the server runs again.
    // The visitor id ties this browser's visits to the lead (docs/product-rules.md#privacy-requests).
    const parsed = demoCallSchema.safeParse({
      ...values,
      sourceTag,
      timezone: browserTimeZone(),
      visitorId: visitorId(),
    });
    if (!parsed.success) {
      refuse(toFieldErrors(parsed.error).fieldErrors);
      return;
    }
    setSubmitting(true);
    setErrors({});
    setFormError(undefined);
    // The 6-hour rule, told at once when this browser already had this number called: no request to refuse.
    if (await askedRecently(parsed.data.phone)) {
      setSubmitting(false);
      refuse({}, SAME_NUMBER_COOLDOWN_MESSAGE);
      return;
    }
    const outcome = await submitDemoCall(parsed.data);
    setSubmitting(false);
    if (outcome.kind !== 'refused') await rememberCall(parsed.data.phone);
    // The ad pixel's 'Lead' event, 'submitted' for a call now, 'scheduled' for one later.
    if (outcome.kind === 'preparing') {
      trackLead({ form: 'demo-call', status: 'submitted' });
      setStep({ name: 'preparing', callId: outcome.callId, phone: formatPhoneAsYouType(values.phone) });
    } else if (outcome.kind === 'scheduled') {
      trackLead({ form: 'demo-call', status: 'scheduled' });
      setStep({ name: 'scheduled' });
    } else {
      refuse(outcome.fieldErrors, outcome.formError);
    }
  };

  const callId = step.name === 'preparing' ? step.callId : undefined;
  const phone = step.name === 'preparing' ? step.phone : '';
  useEffect(() => {
    if (!callId) return;
    const onStatus = (status: CallStatus) => {
      if (status === 'calling' || status === 'completed') setStep({ name: 'calling', phone });
      else if (status === 'failed') {
        setStep({ name: 'details' });
        refuse({}, PROCESSING_ERROR_MESSAGE);
      }
    };
    return followCall(callId, {
      onStatus,
      onUnknownCall: () => {
        setStep({ name: 'details' });
        refuse({}, PROCESSING_ERROR_MESSAGE);
      },
    });
  }, [callId, phone, refuse]);

  // The form goes with the details step, and the focus with it: it moves to the new step's text instead.
  useEffect(() => {
    if (step.name !== 'details') stepRef.current?.focus();
  }, [step.name]);

  // The last two steps close by themselves.
  useEffect(() => {
    const after =
      step.name === 'calling' ? CALLING_CLOSE_AFTER_MS : step.name === 'scheduled' ? SCHEDULED_CLOSE_AFTER_MS : 0;
    if (!after) return;
    const timer = setTimeout(() => setOpen(false), after);
    return () => clearTimeout(timer);
  }, [step.name]);

  return (
    <Modal open={open} title={TITLES[step.name]} onClose={onClose}>
      <p role="status" className="visually-hidden">
        {announcement(step)}
      </p>
      {step.name === 'details' && (
        <DemoCallForm
          values={values}
          errors={errors}
          formError={formError}
          submitting={submitting}
          focusRequest={focusRequest}
          onSubmit={submit}
          onChange={(field, value) => {
            setValues((current) => ({ ...current, [field]: value }));
            const edited: keyof DemoFormValues = field;
            if (edited !== 'website') {
              setErrors((current) => (current[edited] ? { ...current, [edited]: undefined } : current));
            }
          }}
        />
      )}
      {step.name === 'preparing' && (
        <div css={stepBody} ref={stepRef} tabIndex={-1}>
          <div className="pulse" aria-hidden="true" />
          <p>The assistant is getting ready to call {step.phone}.</p>
          <p className="muted">Keep your phone close: the call comes from a {CALLER_AREA_CODE} area code.</p>
        </div>
      )}
      {step.name === 'calling' && (
        <div css={stepBody} ref={stepRef} tabIndex={-1}>
          <p>Your phone is ringing! Answer the call from a {CALLER_AREA_CODE} area code to talk with the assistant.</p>
        </div>
      )}
      {step.name === 'scheduled' && (
        <div css={stepBody} ref={stepRef} tabIndex={-1}>
          <p>It is outside calling hours where your phone is (9 AM to 8 PM local time).</p>
          <p className="muted">The assistant will call you as soon as calling hours begin.</p>
        </div>
      )}
    </Modal>
  );
}
