import { useSetAtom } from 'jotai';
import { lazy, Suspense, useCallback, useEffect } from 'react';
import { CALL_IN_PROGRESS_KEY } from '#client/features/demo-call/call-in-progress-key.ts';
import { useExitIntent } from '#client/features/demo-call/use-exit-intent.ts';
import { useAtomAsRendered } from '#client/lib/use-atom-as-rendered.ts';
import { type DialogRequest, openDialogAtom } from '#client/state/dialogs.ts';

// Each dialog's code loads only when it is first opened.
const DemoCall = lazy(() =>
  import('#client/features/demo-call/demo-call-dialog.tsx').then((m) => ({ default: m.DemoCallDialog })),
);
const Contact = lazy(() =>
  import('#client/features/contact/contact-dialog.tsx').then((m) => ({ default: m.ContactDialog })),
);
const Booking = lazy(() =>
  import('#client/features/booking/booking-dialog.tsx').then((m) => ({ default: m.BookingDialog })),
);
const Video = lazy(() => import('#client/features/promos/video-dialog.tsx').then((m) => ({ default: m.VideoDialog })));

function DialogFor({ request, onClose }: { request: DialogRequest; onClose(): void }) {
  switch (request.kind) {
    case 'video':
      return <Video onClose={onClose} />;
    case 'demo-call':
      return <DemoCall request={request} onClose={onClose} />;
    case 'booking':
      return <Booking request={request} onClose={onClose} />;
    case 'contact':
      return <Contact onClose={onClose} />;
  }
}

function hasCallInProgress(): boolean {
  try {
    return sessionStorage.getItem(CALL_IN_PROGRESS_KEY) !== null;
  } catch {
    return false;
  }
}

// Every request is a new object; its number keys the dialog, so each opening mounts a dialog of its own.
const requestNumbers = new WeakMap<DialogRequest, number>();
let requestCount = 0;
function numberOf(request: DialogRequest): number {
  let number = requestNumbers.get(request);
  if (number === undefined) {
    number = ++requestCount;
    requestNumbers.set(request, number);
  }
  return number;
}

/**
 * The one place every "open a dialog" request lands (header, drawer, hero, exit intent, calls to action). No exit
 * intent on the operator pages.
 *
 * A browser tells that a dialog closed in a task of its own, which a key press may overtake on a busy phone:
 * Escape, then Enter on the button that opens it again. The new request then mounts a new dialog, and the old
 * one's late close clears only its own request, so the visitor's Enter is not lost.
 */
export function DialogHost({ exitIntent = true }: { exitIntent?: boolean }) {
  // The server renders no dialog: one asked for before this island hydrated opens right after.
  const request = useAtomAsRendered(openDialogAtom, null);
  const setRequest = useSetAtom(openDialogAtom);
  const close = useCallback(
    () => setRequest((current) => (current === request ? null : current)),
    [request, setRequest],
  );
  useExitIntent(
    useCallback(() => setRequest({ kind: 'demo-call' }), [setRequest]),
    exitIntent,
  );
  // A reload during a demo call opens the dialog on that call again (docs/product-rules.md#call-status). Pages
  // without one only look at the key: the code that reads it is fetched when there is something to read.
  useEffect(() => {
    if (!hasCallInProgress()) return;
    void import('#client/features/demo-call/call-in-progress.ts').then(({ callInProgress }) => {
      const resume = callInProgress();
      if (resume) setRequest((current) => current ?? { kind: 'demo-call', resume });
    });
  }, [setRequest]);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <DialogFor key={numberOf(request)} request={request} onClose={close} />
    </Suspense>
  );
}
