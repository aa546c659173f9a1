import { atom, useSetAtom } from 'jotai';
import type { CallInProgress } from '#client/features/demo-call/call-in-progress.ts';

/** Every modal the site opens, with what it needs to open. One place opens them all. */
export type DialogRequest =
  /** `resume`: the call this tab followed before a reload, which the dialog opens on again. */
  | { kind: 'demo-call'; phone?: string; resume?: CallInProgress }
  | { kind: 'booking'; layout?: 'month_view' }
  | { kind: 'contact' }
  | { kind: 'video' };

export const openDialogAtom = atom<DialogRequest | null>(null);

export function useOpenDialog() {
  return useSetAtom(openDialogAtom);
}
