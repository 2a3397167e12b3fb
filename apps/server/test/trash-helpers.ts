import { API, type TrashEntry, TrashListSchema } from '@course-coach/contracts';
import { expect } from 'vitest';
import type { Browser } from './helpers.ts';

/** The coach's staff trash as `browser` sees it (GET …/trash; docs/trash.md). */
export async function trashOf(browser: Browser, coachId: number): Promise<TrashEntry[]> {
  const res = await browser.get(API.trash(coachId));
  expect(res.status, res.text).toBe(200);
  return TrashListSchema.parse(res.body).results;
}

/** The trash entry of one item, or undefined. */
export async function entryOf(browser: Browser, coachId: number, kind: string, id: number) {
  return (await trashOf(browser, coachId)).find((e) => e.kind === kind && e.id === id);
}

/** Restores an item of the staff trash; expects 200 and returns the answer. */
export async function restore(browser: Browser, coachId: number, kind: string, id: number) {
  const res = await browser.post(API.trashRestore(coachId, kind, id));
  expect(res.status, res.text).toBe(200);
  return res.body as { kind: string; id: number; title: string };
}

/** Deletes `url` as `browser`; expects 204. */
export async function del(browser: Browser, url: string): Promise<void> {
  const res = await browser.request('DELETE', url);
  expect(res.status, res.text).toBe(204);
}
