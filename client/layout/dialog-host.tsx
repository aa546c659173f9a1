import { useAtom } from 'jotai';
import { lazy, Suspense, useCallback } from 'react';
import { useExitIntent } from '#client/features/demo-call/use-exit-intent.ts';
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

/** The one place every "open a dialog" request lands (header, drawer, hero, exit intent, calls to action). */
export function DialogHost() {
  const [request, setRequest] = useAtom(openDialogAtom);
  const close = useCallback(() => setRequest(null), [setRequest]);
  useExitIntent(useCallback(() => setRequest({ kind: 'demo-call' }), [setRequest]));
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <DialogFor request={request} onClose={close} />
    </Suspense>
  );
}
