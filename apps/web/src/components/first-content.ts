import { useEffect, useLayoutEffect, useState } from 'react';

/*
 * The first useful content of a visit, and what waits for it (docs/student-experience.md "What waits for
 * the first content"). On a slow phone the main thread is the limit: the header's signed-in parts (coach
 * switcher, notifications bell, account menu, phone menu, course search) cost as much to load and render as
 * the grade card itself. So they render once the page says its first content is shown, or, when no page
 * said it would (any page other than a student's coach dashboard), at the browser's first idle moment.
 *
 * A gate, opened once per page load: `holdFirstContent` keeps it shut (at most `maxMs`) while a page that
 * will say so is on its way; `firstContentShown` opens it after the next paint; `useAfterFirstContent` is
 * false until it is open.
 */

/** The longest a hold keeps the gate shut (a page that never says its content is shown, or failed). */
export const FIRST_CONTENT_MAX_MS = 4_000;
/** How long the idle opening waits at most for the browser to be idle. */
const IDLE_TIMEOUT_MS = 500;

/**
 * The User Timing mark (`performance.mark`) set when a page first says its first content is in the DOM
 * (`firstContentShown`, from a layout effect: before the effects of the same commit start loading what comes
 * after it). What the page requested before it is what its first content needed: `bench/first-load.bench.ts`
 * counts the dashboard's first load up to it.
 */
export const FIRST_CONTENT_MARK = 'course-coach:first-content';

let holds = 0;
let marked = false;
let open = false;
let opening = false;
const listeners = new Set<() => void>();

/** Sets {@link FIRST_CONTENT_MARK} once per page load. */
function markFirstContent(): void {
  if (marked) return;
  marked = true;
  if (typeof performance !== 'undefined' && typeof performance.mark === 'function') {
    performance.mark(FIRST_CONTENT_MARK);
  }
}

function openNow(): void {
  if (open) return;
  open = true;
  for (const listener of listeners) listener();
  listeners.clear();
}

/** Opens the gate at the browser's first idle moment (requestIdleCallback; a macrotask where missing). */
function openWhenIdle(): void {
  if (open || opening || holds > 0) return;
  opening = true;
  const run = () => {
    opening = false;
    if (holds === 0) openNow();
  };
  if (typeof window !== 'undefined' && typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
  } else setTimeout(run, 0);
}

/**
 * Keeps the gate shut until the returned `release` is called (idempotent), `firstContentShown` is called,
 * or `maxMs` milliseconds pass; then it opens when no other hold is left. For the boot script's knowledge
 * that a page which will call `firstContentShown` is on its way (main.tsx).
 */
export function holdFirstContent(maxMs = FIRST_CONTENT_MAX_MS): () => void {
  if (open) return () => undefined;
  holds += 1;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    holds = Math.max(0, holds - 1);
    openWhenIdle();
  };
  setTimeout(release, maxMs);
  return release;
}

/**
 * Says the page's first content is in the DOM: the gate opens after the browser has painted it (the next
 * animation frame, then a macrotask), whatever holds are left.
 */
export function firstContentShown(): void {
  if (open) return;
  markFirstContent();
  holds = 0;
  if (typeof window !== 'undefined' && typeof window.requestAnimationFrame === 'function') {
    window.requestAnimationFrame(() => setTimeout(openNow, 0));
  } else setTimeout(openNow, 0);
}

/**
 * For a page's component: says its first content is shown (`firstContentShown`) once it rendered with
 * `shown` true (by default at its first render); pages that may stand where a coach dashboard was expected
 * (the dashboard itself, the 404, "not enrolled" and error pages) call it.
 */
export function useFirstContentShown(shown = true): void {
  // A layout effect: it runs as the content enters the DOM, before the commit's passive effects (which may
  // start loading what comes after the first content, such as the dashboard's cards).
  useLayoutEffect(() => {
    if (shown) firstContentShown();
  }, [shown]);
}

/** False until the gate is open (above); re-renders the caller once it opens. */
export function useAfterFirstContent(): boolean {
  const [ready, setReady] = useState(open);
  useEffect(() => {
    if (open) {
      setReady(true);
      return;
    }
    const listener = () => setReady(true);
    listeners.add(listener);
    openWhenIdle();
    return () => {
      listeners.delete(listener);
    };
  }, []);
  return ready;
}

/** Shuts the gate again and forgets every hold (tests, between cases that share one module registry). */
export function resetFirstContent(): void {
  holds = 0;
  open = false;
  opening = false;
  marked = false;
  listeners.clear();
}
