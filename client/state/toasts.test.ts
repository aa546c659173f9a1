import { createStore } from 'jotai';
import { expect, test } from 'vitest';
import { addToastAtom, dismissToastAtom, toastsAtom } from './toasts.ts';

test('a toast closes by itself after 4 s unless it asks for longer', () => {
  const store = createStore();
  store.set(addToastAtom, { title: 'Saved' });
  store.set(addToastAtom, { title: 'Offer', durationMs: 5000 });
  expect(store.get(toastsAtom).map((toast) => [toast.title, toast.durationMs, toast.variant])).toEqual([
    ['Saved', 4000, 'default'],
    ['Offer', 5000, 'default'],
  ]);
});

test('at most three toasts are kept: a fourth replaces the oldest for good', () => {
  const store = createStore();
  for (const title of ['one', 'two', 'three', 'four']) store.set(addToastAtom, { title });
  expect(store.get(toastsAtom).map((toast) => toast.title)).toEqual(['two', 'three', 'four']);
  const [two] = store.get(toastsAtom);
  store.set(dismissToastAtom, two?.id ?? -1);
  expect(store.get(toastsAtom).map((toast) => toast.title)).toEqual(['three', 'four']);
});
