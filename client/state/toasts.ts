import { atom, useSetAtom } from 'jotai';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '#shared/ui-timing.ts';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: 'default' | 'destructive';
  durationMs: number;
}

export type ToastInput = Omit<Toast, 'id' | 'variant' | 'durationMs'> & Partial<Pick<Toast, 'variant' | 'durationMs'>>;

export const toastsAtom = atom<Toast[]>([]);

let nextId = 1;

export const addToastAtom = atom(null, (get, set, input: ToastInput) => {
  const toast: Toast = { variant: 'default', durationMs: TOAST_DURATION_MS, ...input, id: nextId++ };
  // At most three at once. The oldest gives way for good, rather than waiting hidden and coming back when a newer one
  // closes.
  set(toastsAtom, [...get(toastsAtom), toast].slice(-TOAST_LIMIT));
  return toast.id;
});

export const dismissToastAtom = atom(null, (get, set, id: number) => {
  set(
    toastsAtom,
    get(toastsAtom).filter((toast) => toast.id !== id),
  );
});

export function useToast() {
  return useSetAtom(addToastAtom);
}

// A toast that belongs to the page a click opens (marketing pages load as documents): kept for the next page of
// this tab, which shows it (client/islands/page-dialogs.tsx).
const NEXT_PAGE_TOAST_KEY = 'toast_for_next_page';

/** Keeps `input` for the page this tab opens next, which shows it as it loads. */
export function toastOnNextPage(input: ToastInput): void {
  try {
    sessionStorage.setItem(NEXT_PAGE_TOAST_KEY, JSON.stringify(input));
  } catch {}
}

/** The toast the previous page kept for this one, if any (taken: it shows once). */
export function takeNextPageToast(): ToastInput | undefined {
  try {
    const kept = sessionStorage.getItem(NEXT_PAGE_TOAST_KEY);
    sessionStorage.removeItem(NEXT_PAGE_TOAST_KEY);
    return kept ? (JSON.parse(kept) as ToastInput) : undefined;
  } catch {
    return undefined;
  }
}
