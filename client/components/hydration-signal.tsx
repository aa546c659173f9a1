import { type ReactNode, Suspense, useEffect, useRef } from 'react';

// `<html data-hydrated="true">` says the page answers its first input: the layout has hydrated, and so has
// every section that hydrates on its own once its code arrives (a HydrateLater boundary). Until then a click
// on a server-rendered button may do nothing. Browser tests wait for it; so could a monitoring script.

interface LateSection {
  arrived: boolean;
}

const waiting = new Set<LateSection>();
const arrivalListeners = new Set<() => void>();
let layoutHydrated = false;

function markWhenAllHydrated() {
  if (waiting.size > 0) return;
  for (const listener of [...arrivalListeners]) listener();
  if (layoutHydrated) document.documentElement.dataset.hydrated = 'true';
}

/**
 * Calls `then` once every late section of the page has arrived (at once if none is waiting), so whatever
 * measures the page, such as scrolling to a section, measures it whole; after `timeoutMs` it calls it anyway.
 */
export function whenLateSectionsArrived(timeoutMs: number, signal: AbortSignal, then: () => void): void {
  if (signal.aborted) return;
  if (waiting.size === 0) {
    then();
    return;
  }
  const done = () => {
    arrivalListeners.delete(listener);
    clearTimeout(timer);
    signal.removeEventListener('abort', done);
  };
  const listener = () => {
    done();
    then();
  };
  const timer = setTimeout(listener, timeoutMs);
  arrivalListeners.add(listener);
  signal.addEventListener('abort', done);
}

/**
 * For the layout. Effects run children first, so by the time this one runs, every HydrateLater in the first
 * commit has said whether it is still waiting for its code.
 */
export function useLayoutHydrated() {
  useEffect(() => {
    layoutHydrated = true;
    markWhenAllHydrated();
  }, []);
}

function Arrived({ section }: { section: LateSection }) {
  useEffect(() => {
    section.arrived = true;
    waiting.delete(section);
    markWhenAllHydrated();
  }, [section]);
  return null;
}

/**
 * A Suspense boundary (no fallback: the server has rendered the content) whose lazily loaded sections hydrate
 * when their code arrives, after the rest of the page; the page counts as hydrated only once they have.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  const section = useRef<LateSection>({ arrived: false }).current;
  useEffect(() => {
    if (!section.arrived) waiting.add(section);
    return () => {
      waiting.delete(section);
      markWhenAllHydrated();
    };
  }, [section]);
  return (
    <Suspense fallback={null}>
      {children}
      <Arrived section={section} />
    </Suspense>
  );
}
