import { describe, expect, it, vi } from 'vitest';
import { loadOnce } from './load-once.ts';

/** A promise with its resolve and reject in hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('loadOnce', () => {
  it('loads the module and its stylesheets once, and resolves only when both are in', async () => {
    const chunk = deferred<string>();
    const styles = deferred<unknown>();
    const load = vi.fn(() => chunk.promise);
    const loadStyles = vi.fn(() => styles.promise);
    const once = loadOnce(load, loadStyles);
    expect(load).not.toHaveBeenCalled();
    once.preload();
    const first = once.get();
    const second = once.get();
    expect(second).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);
    expect(loadStyles).toHaveBeenCalledTimes(1);
    let settled = false;
    void first.then(() => {
      settled = true;
    });
    chunk.resolve('Popover');
    await Promise.resolve();
    await Promise.resolve();
    expect(settled).toBe(false);
    expect(once.loaded()).toBeUndefined();
    styles.resolve(undefined);
    await expect(first).resolves.toBe('Popover');
    expect(once.loaded()).toBe('Popover');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a chunk that cannot be fetched rejects every get with the same error and is not asked again', async () => {
    const error = new Error('Failed to fetch dynamically imported module');
    const load = vi.fn(() => Promise.reject(error));
    const once = loadOnce(load, () => Promise.resolve());
    // preload swallows the failure (no unhandled rejection); get reports it.
    once.preload();
    await expect(once.get()).rejects.toBe(error);
    await expect(once.get()).rejects.toBe(error);
    expect(load).toHaveBeenCalledTimes(1);
    expect(once.loaded()).toBeUndefined();
  });
});
