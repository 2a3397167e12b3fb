import { describe, expect, it } from 'vitest';
import { throttledErrorLog } from '../src/jobs/queue.ts';

describe('job-queue error log (pg-boss "error" events while the database is away)', () => {
  it('prints each message once per 30 s, whatever worker reports it, then counts the repeats held back', () => {
    const lines: string[] = [];
    let now = 1_000_000;
    const onError = throttledErrorLog(
      (line) => lines.push(line),
      () => now,
    );
    const refused = (queue: string) =>
      new Error(`connect ECONNREFUSED 127.0.0.1:5432 (Queue: ${queue}, Worker: 0f3c9a)`);
    onError(refused('maintenance'));
    for (const queue of ['email-dispatch', 'coach-setup', 'maintenance']) {
      now += 2000;
      onError(refused(queue));
    }
    onError(new Error('Connection terminated unexpectedly'));
    expect(lines).toEqual([
      '[jobs] connect ECONNREFUSED 127.0.0.1:5432',
      '[jobs] Connection terminated unexpectedly',
    ]);
    now += 30_000;
    onError(refused('maintenance'));
    expect(lines.at(-1)).toBe('[jobs] connect ECONNREFUSED 127.0.0.1:5432 (3 more since the last report)');
    now += 30_000;
    onError(refused('maintenance'));
    expect(lines.at(-1)).toBe('[jobs] connect ECONNREFUSED 127.0.0.1:5432');
    expect(lines).toHaveLength(4);
  });

  it('names what pg-boss reports even when it is not an Error', () => {
    const lines: string[] = [];
    const onError = throttledErrorLog((line) => lines.push(line));
    onError({ message: 'job queue paused' } as unknown as Error);
    onError({ code: 'ECONNRESET', where: 'listener' } as unknown as Error);
    expect(lines).toEqual(['[jobs] job queue paused', '[jobs] {"code":"ECONNRESET","where":"listener"}']);
  });
});
