import { css } from '@emotion/react';
import { type FormEvent, useRef } from 'react';
import { useOpenDialog } from '#client/state/dialogs.ts';
import { buttonStyles } from '#client/styles/buttons.ts';
import home from '#content/home.json';
import { site } from '#content/site.ts';
import { CALLING_HOURS_START, callTimingAt, hourLabel } from '#shared/business-hours.ts';
import { HERO_PHONE_WARNING } from '#shared/messages.ts';
import { cleanPhone, isTenDigitPhone } from '#shared/phone.ts';

const hero = css`
  position: relative;
  padding: clamp(2.5rem, 7vw, 5.5rem) var(--space-4) clamp(3rem, 8vw, 6rem);
  background:
    radial-gradient(60rem 30rem at 85% -10%, var(--color-glow), transparent 70%),
    var(--color-bg);
  .inner {
    display: grid;
    /* minmax(0, …): the column may be narrower than its widest unbreakable content, so the phone field and
       its button shrink with the screen instead of pushing the column past it. */
    grid-template-columns: minmax(0, 1fr);
    gap: var(--space-12);
    align-items: center;
    max-width: var(--content-width);
    margin: 0 auto;
    @media (min-width: 960px) {
      grid-template-columns: minmax(0, 1.15fr) minmax(0, 0.85fr);
    }
  }
  h1 {
    margin: 0 0 var(--space-4);
    font-size: clamp(2.25rem, 6vw, 3.75rem);
  }
  .lead {
    max-width: 38rem;
    margin: 0 0 var(--space-6);
    color: var(--color-muted);
    font-size: 1.1875rem;
  }
`;

const form = css`
  max-width: 32rem;
  transition: transform 200ms ease;
  &:focus-within {
    transform: scale(1.02);
  }
  .row {
    display: flex;
    gap: var(--space-2);
    padding: var(--space-2);
    border: 1px solid var(--color-border-strong);
    border-radius: 999px;
    background: var(--color-surface);
    box-shadow: var(--shadow-sm);
  }
  input {
    flex: 1;
    min-width: 0;
    padding: 0 var(--space-4);
    border: 0;
    background: transparent;
    color: var(--color-text);
    font-size: 1.0625rem;
  }
  input:focus {
    outline: none;
  }
  /* The narrowest phones (320 px) keep room in the field for its placeholder and a whole formatted number. */
  @media (max-width: 399.98px) {
    input {
      padding: 0 var(--space-3);
    }
    .row button {
      padding: 0 var(--space-4);
    }
  }
  .row:focus-within {
    outline: 3px solid var(--color-accent);
    outline-offset: 2px;
  }
  .note {
    margin: var(--space-2) 0 0 var(--space-4);
    color: var(--color-muted);
    font-size: 0.9375rem;
  }
  /* One of the three shows, by the visitor's clock (set on <html> before first paint: boot-script.ts). */
  .later-today,
  .tomorrow {
    display: none;
  }
  html[data-calls='later-today'] & .later-today,
  html[data-calls='tomorrow'] & .tomorrow {
    display: inline;
  }
  html[data-calls] & .now {
    display: none;
  }
  /* Without scripts (no class from the boot script) nothing calls: the .no-script line (client/styles/global-styles.tsx)
     says what to do instead. */
  html:not(.js) & .note {
    display: none;
  }
  .no-script {
    margin: var(--space-2) 0 0 var(--space-4);
    font-size: 0.9375rem;
  }
`;

const chips = css`
  display: flex;
  flex-wrap: wrap;
  gap: var(--space-2);
  margin: var(--space-6) 0 0;
  padding: 0;
  list-style: none;
  li {
    padding: var(--space-1) var(--space-3);
    border: 1px solid var(--color-border);
    border-radius: 999px;
    background: var(--color-surface);
    font-size: 0.875rem;
    font-weight: 500;
  }
`;

const phone = css`
  justify-self: center;
  width: min(20rem, 100%);
  padding: var(--space-4);
  border: 1px solid var(--color-border);
  border-radius: 2.25rem;
  background: var(--color-surface);
  box-shadow: var(--shadow-lg);
  .screen {
    display: grid;
    gap: var(--space-3);
    padding: var(--space-6) var(--space-4);
    border-radius: 1.5rem;
    background: var(--color-ink);
    color: var(--color-on-ink);
  }
  .status {
    margin: 0;
    color: var(--color-on-ink-muted);
    font-size: 0.8125rem;
    text-align: center;
  }
  .caller {
    margin: 0;
    font-size: 1.25rem;
    font-weight: 700;
    text-align: center;
  }
  .bubble {
    margin: 0;
    padding: var(--space-3);
    border-radius: 1rem 1rem 1rem 0.25rem;
    background: var(--color-ink-raised);
    font-size: 0.875rem;
  }
  .bubble.lead {
    border-radius: 1rem 1rem 0.25rem 1rem;
    background: var(--color-accent-bright);
    color: #1c1b19;
  }
`;

const heroChips = ['Call, Text & Email', '3-Month Follow-up', 'Live Transfers', 'CRM Sync'];
const opening = hourLabel(CALLING_HOURS_START);

/** The page may have been open a while: the note is brought up to date when the visitor turns to the form. */
function refreshCallTiming() {
  const timing = callTimingAt(new Date().getHours());
  const root = document.documentElement;
  if (timing === 'now') delete root.dataset.calls;
  else root.dataset.calls = timing;
}

/**
 * The hero: the number typed here only opens the demo-call dialog; it is sent nowhere. Its field has no name, so a
 * browser that sends the form itself (scripts off) puts no number in the address.
 */
export function Hero() {
  const openDialog = useOpenDialog();
  const field = useRef<HTMLInputElement>(null);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const digits = cleanPhone(field.current?.value ?? '');
    if (isTenDigitPhone(digits)) openDialog({ kind: 'demo-call', phone: digits });
    else console.warn(HERO_PHONE_WARNING);
  };
  return (
    <section css={hero} aria-labelledby="hero-title">
      <div className="inner">
        <div>
          <h1 id="hero-title">{site.headline}</h1>
          <p className="lead">{home.heroLead}</p>
          <form css={form} onSubmit={onSubmit} onFocus={refreshCallTiming}>
            <div className="row">
              <label htmlFor="hero-phone" className="visually-hidden">
                Your phone number
              </label>
              <input
                ref={field}
                id="hero-phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="Phone number"
                required
              />
              <button type="submit" css={[buttonStyles.primary, buttonStyles.large]}>
                Try the AI
              </button>
            </div>
            <p className="note">
              <span className="now">AI will call you immediately.</span>
              <span className="later-today">Outside calling hours, the AI will call you at {opening}.</span>
              <span className="tomorrow">Outside calling hours, the AI will call you at {opening} tomorrow.</span>
            </p>
            <p className="no-script">
              The AI calls once this page's scripts run, and they are off in this browser. Rather call us? Dial{' '}
              <a href={`tel:${site.contact.phone}`}>{site.contact.phoneDisplay}</a> directly.
            </p>
          </form>
          <ul css={chips} aria-label="What the assistant does">
            {heroChips.map((chip) => (
              <li key={chip}>{chip}</li>
            ))}
          </ul>
        </div>
        <div css={phone} aria-hidden="true">
          <div className="screen">
            <p className="status">Incoming call · 0:04 after sign-up</p>
            <p className="caller">{site.name} AI</p>
            <p className="bubble">Hi Maria, this is Avery with the Rivera Team. You asked about 214 Oak Street?</p>
            <p className="bubble lead">Yes! Is it still available this weekend?</p>
            <p className="bubble">It is. Are you pre-approved, or would a lender intro help?</p>
          </div>
        </div>
      </div>
    </section>
  );
}
