import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { Toaster } from '#client/components/toaster.tsx';
import { DialogHost } from '#client/layout/dialog-host.tsx';
import { openDialogAtom } from '#client/state/dialogs.ts';
import { takeNextPageToast, useToast } from '#client/state/toasts.ts';
import { useDialogTriggers } from './dialog-triggers.ts';

/**
 * The page's dialogs and notices: the one host every "open a dialog" request lands in, and the toasts. An island
 * that hydrates at once, since the header's and the hero's buttons open its dialogs. It also answers the buttons of
 * the sections that ship no JavaScript (client/islands/dialog-triggers.ts).
 */
export function PageDialogs() {
  useDialogTriggers(useSetAtom(openDialogAtom));
  const toast = useToast();
  useEffect(() => {
    const kept = takeNextPageToast();
    if (kept) toast(kept);
  }, [toast]);
  return (
    <>
      <Toaster />
      <DialogHost />
    </>
  );
}
