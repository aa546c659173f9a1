import { css } from '@emotion/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '#client/lib/use-query.ts';
import { buttonStyles } from '#client/styles/buttons.ts';
import type { SessionRole } from '#shared/session-schema.ts';
import { SESSION, sessionQuery, signOut } from './operator-session.ts';
import { operatorCard, SignInForm } from './sign-in-form.tsx';

/** The row above an operator page's content: a note or controls on one side, actions on the other. */
export const operatorToolbar = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: var(--space-3);
  margin-bottom: var(--space-6);
  p {
    margin: 0;
    color: var(--color-muted);
  }
`;

/** Each role's page, for whoever holds more than one session to go between them. */
const ROLE_PAGES = [
  { role: 'operator', path: '/leads', name: 'Lead Inbox' },
  { role: 'analytics', path: '/analytics', name: 'Visitor Analytics' },
  { role: 'client', path: '/dashboard', name: 'Client Dashboard' },
] as const satisfies readonly { role: SessionRole; path: string; name: string }[];

const otherPages = css`
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: var(--space-2) var(--space-4);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  a {
    font-weight: 600;
  }
`;

export interface GateContent {
  /** True when the visitor signed in on this visit of the page; false when an earlier session was still live. */
  justSignedIn: boolean;
}

interface OperatorGateProps {
  sessionRole: SessionRole;
  label: string;
  /** What the page is and who may sign in: shown with the sign-in form only, not to whoever is signed in. */
  intro?: string;
  /** Forgets this role's cached data when it signs out. */
  onSignedOut: () => void;
  children: (content: GateContent) => ReactNode;
}

/**
 * Locked until the password matches, and later visits skip the gate while the server session lives (GET /api/session
 * says which roles this browser holds).
 */
export function OperatorGate({ sessionRole: role, label, intro, onSignedOut, children }: OperatorGateProps) {
  const session = useQuery(sessionQuery, SESSION);
  const [focusContent, setFocusContent] = useState(false);
  const [signedOutHere, setSignedOutHere] = useState(false);
  const [signOutError, setSignOutError] = useState<string | null>(null);
  const content = useRef<HTMLDivElement>(null);
  const signedIn = session.data?.roles.includes(role) ?? false;
  // Known during render, before the unlocked content mounts: was the gate shown on this visit of the page?
  const lockedHere = useRef(false);
  if (session.data !== undefined && !signedIn) lockedHere.current = true;
  // Unlocked on this visit, then locked without the Sign out button: the server ended the session (it expired, or
  // was signed out elsewhere), found out by a request the operator just made.
  const unlockedHere = useRef(false);
  if (signedIn) unlockedHere.current = true;
  const endedHere = !signedIn && unlockedHere.current && !signedOutHere;
  // What the ended session loaded goes with it, as on signing out: its refusal kept in the cache would end the next
  // session the moment the page showed it again.
  useEffect(() => {
    if (endedHere) onSignedOut();
  }, [endedHere, onSignedOut]);

  useEffect(() => {
    // Focus follows the visitor from the gone form to what it unlocked.
    if (focusContent && signedIn) content.current?.focus();
  }, [focusContent, signedIn]);

  if (session.data === undefined) {
    if (session.status === 'error') {
      return (
        <div css={operatorCard}>
          <p role="alert">We could not check your sign-in. Please try again.</p>
          <button type="button" css={buttonStyles.secondary} onClick={() => void session.refetch()}>
            Try again
          </button>
        </div>
      );
    }
    return <p role="status">Checking your sign-in...</p>;
  }

  if (!signedIn) {
    return (
      <>
        {intro ? <p className="lead">{intro}</p> : null}
        <SignInForm
          sessionRole={role}
          label={label}
          autoFocus={signedOutHere || endedHere}
          notice={
            signedOutHere
              ? 'You are signed out.'
              : endedHere
                ? 'Your session has ended. Please sign in again.'
                : undefined
          }
          onSignedIn={() => {
            setFocusContent(true);
            setSignedOutHere(false);
          }}
        />
      </>
    );
  }

  const others = ROLE_PAGES.filter((page) => page.role !== role && session.data?.roles.includes(page.role));

  async function leave() {
    setSignOutError(null);
    try {
      await signOut(role);
      onSignedOut();
      setFocusContent(false);
      setSignedOutHere(true);
    } catch (error) {
      console.warn('sign-out failed', error);
      setSignOutError('Could not sign out. Please try again.');
    }
  }

  return (
    <div ref={content} tabIndex={-1} css={{ outline: 'none' }}>
      <div css={operatorToolbar}>
        <p>You are signed in.</p>
        {others.length > 0 ? (
          <nav css={otherPages} aria-label="Your other pages">
            <ul>
              {others.map((page) => (
                <li key={page.path}>
                  <Link to={page.path}>{page.name}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <button type="button" css={buttonStyles.secondary} onClick={() => void leave()}>
          Sign out
        </button>
        {signOutError ? <p role="alert">{signOutError}</p> : null}
      </div>
      {children({ justSignedIn: lockedHere.current })}
    </div>
  );
}
