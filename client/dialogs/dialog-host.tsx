import { useAtom } from 'jotai';
import { lazy, Suspense, useCallback } from 'react';
import { openDialogAtom } from '../state/dialogs.ts';

// Each dialog's code loads only when it is first opened.
const ContactDirect = lazy(() =>
  import('./contact-direct-dialog.tsx').then((m) => ({ default: m.ContactDirectDialog })),
);
const Video = lazy(() => import('./video-dialog.tsx').then((m) => ({ default: m.VideoDialog })));

/** The one place every "open a dialog" request lands (header, drawer, hero, exit intent, calls to action). */
export function DialogHost() {
  const [request, setRequest] = useAtom(openDialogAtom);
  const close = useCallback(() => setRequest(null), [setRequest]);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      {request.kind === 'video' ? <Video onClose={close} /> : <ContactDirect request={request} onClose={close} />}
    </Suspense>
  );
}
