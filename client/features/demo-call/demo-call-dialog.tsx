import { css } from '@emotion/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Modal } from '#client/components/modal.tsx';
import { trackLead } from '#client/features/ad-pixel/ad-pixel.ts';
import { ConsentReceiptLink, OptBackInBox, refusedAsDoNotContact } from '#client/features/consent/consent-receipt.tsx';
import { visitorId } from '#client/lib/visitor-id.ts';
import { useSourceTag } from '#client/state/source-tag.ts';
import { buttonStyles } from '#client/styles/buttons.ts';
import { toFieldErrors } from '#shared/api-error.ts';
import type { CallStatus } from '#shared/call-status-protocol.ts';
import { demoCallSchema } from '#shared/lead-schemas.ts';
import { PROCESSING_ERROR_MESSAGE, SAME_NUMBER_COOLDOWN_MESSAGE } from '#shared/messages.ts';
import { formatPhoneAsYouType } from '#shared/phone.ts';
import { type CallInProgress, forgetCallInProgress, rememberCallInProgress } from './call-in-progress.ts';
import { DemoCallForm, type DemoFormValues } from './demo-call-form.tsx';
import { CALLER_AREA_CODE, CALLING_CLOSE_AFTER_MS, SCHEDULED_CLOSE_AFTER_MS } from './demo-call-rules.ts';
import { followCall } from './follow-call.ts';
import { foldLiveCall, type LiveCall, NEW_CALL, stateLabel } from './live-call.ts';
import { askedRecently, rememberCall } from './recent-calls.ts';
import { DEMO_FIELDS, type DemoField, type DemoFieldErrors, submitDemoCall } from './submit-demo-call.ts';

type Step =
  | { name: 'details' }
  /** `phone` is unknown when the dialog opens again on a call after a reload: only the call's id is kept. */
  | { name: 'preparing'; callId: string; phone: string | undefined }
  | { name: 'calling'; callId: string }
  | { name: 'live'; callId: string }
  | { name: 'scheduled' };

// The title of each step.
const TITLES = {
  details: 'Have the AI call me',
  preparing: 'Preparing Call...',
  calling: 'Incoming Call!',
  live: 'Live call',
  scheduled: 'Call Scheduled',
} as const satisfies Record<Step['name'], string>;

type LiveViewModule = typeof import('./live-call-view.tsx');

/**
 * The live view is its own chunk, fetched once the phone rings, so that choosing to watch shows it at once. Held in
 * state rather than in React.lazy: a lazy component suspends on its first render even when its code has arrived.
 */
function useLiveView(wanted: boolean): LiveViewModule | 'failed' | undefined {
  const [loaded, setLoaded] = useState<LiveViewModule | 'failed'>();
  useEffect(() => {
    if (!wanted || loaded) return;
    let current = true;
    import('./live-call-view.tsx').then(
      (module) => current && setLoaded(module),
      (error: unknown) => {
        console.warn('the live call view could not be loaded', error);
        if (current) setLoaded('failed');
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, loaded]);
  return loaded;
}

/** The step the dialog opens on: the form, or the call this tab was following before it reloaded. */
function firstStep(resume: CallInProgress | undefined): Step {
  if (!resume) return { name: 'details' };
  return resume.watching
    ? { name: 'live', callId: resume.callId }
    : { name: 'preparing', callId: resume.callId, phone: undefined };
}

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
  /* Cut short, an endless pulse would flicker: with reduced motion it stays still. */
  @media (prefers-reduced-motion: reduce) {
    .pulse {
      animation: none;
    }
  }
  @keyframes demo-pulse {
    50% {
      transform: scale(0.85);
      opacity: 0.6;
    }
  }
`;

// Shown above the step, and said once by the dialog's status (hence hidden here from screen readers).
const lostNotice = css`
  margin: 0 0 var(--space-3);
  padding: var(--space-2) var(--space-3);
  border-left: 3px solid var(--color-accent);
  border-radius: calc(var(--radius) / 2);
  background: var(--color-bg-muted);
  font-size: 0.9375rem;
`;

const liveBody = css`
  min-width: 0;
  &:focus {
    outline: none;
  }
  .muted {
    color: var(--color-muted);
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

/**
 * What a screen reader hears when the step changes (the title alone says little once the form is gone), and in the
 * live view when the call's state does; the lines spoken are read out by the transcript's own log.
 */
/** Said while a call's room is not heard; the room's answer on joining again brings back what was missed. */
const CONNECTION_LOST = 'Connection lost, reconnecting… Your call goes on, and what you miss shows once we are back.';

/** The room is not heard while the dialog follows a call that has not ended. */
function connectionLost(step: Step, call: LiveCall, connected: boolean): boolean {
  return !connected && 'callId' in step && call.state !== 'ended';
}

function announcement(step: Step, call: LiveCall, connected: boolean): string {
  if (connectionLost(step, call, connected)) return CONNECTION_LOST;
  switch (step.name) {
    case 'details':
      return '';
    case 'preparing':
      return `${TITLES.preparing} The assistant is getting ready to call ${step.phone ?? 'your phone'}.`;
    case 'calling':
      return `${TITLES.calling} Your phone is ringing.`;
    case 'live':
      return `${stateLabel(call)}.${call.state === 'ended' ? ' The call summary is shown.' : ''}`;
    case 'scheduled':
      return `${TITLES.scheduled} The assistant will call you during calling hours.`;
  }
}

interface Props {
  request: { kind: 'demo-call'; phone?: string; resume?: CallInProgress };
  onClose(): void;
}

/**
 * The demo-call dialog (docs/product-rules.md#call-status): details → preparing (the call's Socket.IO room tells when
 * it rings) → 'Incoming Call!' → closes after 7 s, unless the visitor chooses to watch the call live, which keeps it
 * open until they close it; or details → 'Call Scheduled' → closes after 9 s. Closing unmounts it, so the next
 * opening starts from empty fields. A reload during the call opens it again on that call (call-in-progress.ts).
 */
export function DemoCallDialog({ request, onClose }: Props) {
  const sourceTag = useSourceTag();
  const [open, setOpen] = useState(true);
  const [step, setStep] = useState<Step>(() => firstStep(request.resume));
  const [call, setCall] = useState<LiveCall>(NEW_CALL);
  // Whether the call's room is heard: while it is not, the dialog says so rather than show a call that stands still.
  const [connected, setConnected] = useState(true);
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
  // The consent receipt's link once accepted; the opt-back-in box once refused for the do-not-contact list.
  const [receiptUrl, setReceiptUrl] = useState(request.resume?.receiptUrl);
  const [listed, setListed] = useState(false);
  const [optBackIn, setOptBackIn] = useState(false);
  const [focusRequest, setFocusRequest] = useState<{ field: DemoField; serial: number }>();
  const stepRef = useRef<HTMLDivElement>(null);
  // What the room's handlers read: they are bound once per call, not once per step.
  const stepNow = useRef(step);
  useEffect(() => {
    stepNow.current = step;
  });

  // Once closed, by the visitor or by itself, a call is no longer reopened by a reload.
  const closed = useCallback(() => {
    forgetCallInProgress();
    onClose();
  }, [onClose]);

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
      ...(optBackIn ? { optBackIn: true } : {}),
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
    if (outcome.kind !== 'refused') setReceiptUrl(outcome.receiptUrl);
    else if (refusedAsDoNotContact(outcome.fieldErrors)) setListed(true);
    // The ad pixel's 'Lead' event, 'submitted' for a call now, 'scheduled' for one later.
    if (outcome.kind === 'preparing') {
      trackLead({ form: 'demo-call', status: 'submitted' });
      rememberCallInProgress({ callId: outcome.callId, watching: false, receiptUrl: outcome.receiptUrl });
      setStep({ name: 'preparing', callId: outcome.callId, phone: formatPhoneAsYouType(values.phone) });
    } else if (outcome.kind === 'scheduled') {
      trackLead({ form: 'demo-call', status: 'scheduled' });
      setStep({ name: 'scheduled' });
    } else {
      refuse(outcome.fieldErrors, outcome.formError);
    }
  };

  // One call is followed from 'Preparing Call...' to the end of the live view: everything heard is kept, so the
  // live view shows the call so far whenever the visitor chooses to watch.
  const callId = 'callId' in step ? step.callId : undefined;
  const resumed = request.resume !== undefined;
  useEffect(() => {
    if (!callId) return;
    setCall(NEW_CALL);
    setConnected(true);
    const failed = () => {
      forgetCallInProgress();
      setStep({ name: 'details' });
      refuse({}, PROCESSING_ERROR_MESSAGE);
    };
    const onStatus = (status: CallStatus) => {
      // The status moves the dialog on only while it waits for the ring; after it, the live view tells the rest.
      const current = stepNow.current;
      if (current.name !== 'preparing') return;
      if (status === 'calling' || status === 'completed') setStep({ name: 'calling', callId: current.callId });
      else if (status === 'failed') failed();
    };
    return followCall(callId, {
      onStatus,
      onUpdate: (update) => setCall((current) => foldLiveCall(current, update)),
      onConnection: setConnected,
      onUnknownCall: () => {
        // A call reopened after a reload that the server no longer knows (erased, say) is simply gone.
        if (!resumed) failed();
        else {
          forgetCallInProgress();
          setOpen(false);
        }
      },
    });
  }, [callId, refuse, resumed]);

  const watch = () => {
    if (step.name !== 'calling') return;
    rememberCallInProgress({ callId: step.callId, watching: true, receiptUrl });
    setStep({ name: 'live', callId: step.callId });
  };

  const liveView = useLiveView(step.name === 'calling' || step.name === 'live');

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
    <Modal open={open} title={TITLES[step.name]} onClose={closed}>
      <p role="status" className="visually-hidden">
        {announcement(step, call, connected)}
      </p>
      {connectionLost(step, call, connected) && (
        <p css={lostNotice} aria-hidden="true">
          {CONNECTION_LOST}
        </p>
      )}
      {step.name === 'details' && (
        <DemoCallForm
          values={values}
          errors={errors}
          formError={formError}
          submitting={submitting}
          focusRequest={focusRequest}
          onSubmit={submit}
          afterConsent={
            listed && <OptBackInBox id="demo-call-opt-back-in" checked={optBackIn} onChange={setOptBackIn} />
          }
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
          <p>The assistant is getting ready to call {step.phone ?? 'your phone'}.</p>
          <p className="muted">Keep your phone close: the call comes from a {CALLER_AREA_CODE} area code.</p>
          {receiptUrl && <ConsentReceiptLink href={receiptUrl} />}
        </div>
      )}
      {step.name === 'calling' && (
        <div css={stepBody} ref={stepRef} tabIndex={-1}>
          <p>Your phone is ringing! Answer the call from a {CALLER_AREA_CODE} area code to talk with the assistant.</p>
          <button type="button" css={buttonStyles.primary} onClick={watch}>
            Watch the call live
          </button>
          <p className="muted">Or leave it be: this closes by itself in a few seconds.</p>
          {receiptUrl && <ConsentReceiptLink href={receiptUrl} />}
        </div>
      )}
      {step.name === 'live' && (
        <div css={liveBody} ref={stepRef} tabIndex={-1}>
          {liveView === 'failed' ? (
            <p>The live view could not be loaded. Your call goes on: answer your phone to talk with the assistant.</p>
          ) : liveView ? (
            <liveView.LiveCallView call={call} connected={connected} />
          ) : (
            <p className="muted">Joining the call…</p>
          )}
          {/* The only place it is shown: it stays with the call, to its end and through a reload. */}
          {receiptUrl && <ConsentReceiptLink href={receiptUrl} />}
        </div>
      )}
      {step.name === 'scheduled' && (
        <div css={stepBody} ref={stepRef} tabIndex={-1}>
          <p>It is outside calling hours where your phone is (9 AM to 8 PM local time).</p>
          <p className="muted">The assistant will call you as soon as calling hours begin.</p>
          {receiptUrl && <ConsentReceiptLink href={receiptUrl} />}
        </div>
      )}
    </Modal>
  );
}
