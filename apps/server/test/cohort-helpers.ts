import { API, CohortUsersPageSchema } from '@course-coach/contracts';
import { expect } from 'vitest';
import type { Browser } from './helpers.ts';

/**
 * Reads a state with `read` until it leaves `busy` (e.g. a membership task's `in_progress`), every 50 ms,
 * for at most 30 s; returns the last state read (the caller asserts on it).
 */
export async function waitForState<T extends { state: string }>(
  read: () => Promise<T>,
  busy: string,
): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const status = await read();
    if (status.state !== busy || Date.now() > deadline) return status;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * An Insight Group's members as OULAD id_student (from the demo e-mail `s<id>@demo.edu`), sorted, read
 * through GET …/cohort/{id}/users page by page as `browser` (a member of the coach's staff).
 */
export async function memberStudentIds(
  browser: Browser,
  coachId: number,
  cohortId: number,
): Promise<string[]> {
  const emails: string[] = [];
  for (let page = 1; ; page++) {
    const res = await browser.get(`${API.cohortUsers(coachId, cohortId)}?page=${page}`);
    expect(res.status, res.text).toBe(200);
    const body = CohortUsersPageSchema.parse(res.body);
    emails.push(...body.results.map((u) => u.email));
    if (body.next === null) break;
  }
  return emails.map((e) => e.replace(/^s/, '').replace(/@demo\.edu$/, '')).sort();
}
