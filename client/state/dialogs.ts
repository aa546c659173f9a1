import { atom, useSetAtom } from 'jotai';

/** Every modal the site opens, with what it needs to open. One place opens them all. */
export type DialogRequest =
  | { kind: 'demo-call'; phone?: string }
  | { kind: 'booking'; layout?: 'month_view' }
  | { kind: 'contact' }
  | { kind: 'video' };

export const openDialogAtom = atom<DialogRequest | null>(null);

export function useOpenDialog() {
  return useSetAtom(openDialogAtom);
}
