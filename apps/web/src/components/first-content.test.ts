import { act, render, renderHook } from '@testing-library/react';
import { createElement, useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FIRST_CONTENT_MARK,
  FIRST_CONTENT_MAX_MS,
  firstContentShown,
  holdFirstContent,
  resetFirstContent,
  useAfterFirstContent,
  useFirstContentShown,
} from './first-content.ts';

describe('the first content gate', () => {
  beforeEach(() => {
    resetFirstContent();
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame', 'requestIdleCallback'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    resetFirstContent();
  });

  it('opens at the first idle moment when no page holds it', async () => {
    const { result } = renderHook(() => useAfterFirstContent());
    expect(result.current).toBe(false);
    await act(async () => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);
  });

  it('stays shut while a page holds it, and opens after the page says its content is shown', async () => {
    holdFirstContent();
    const { result } = renderHook(() => useAfterFirstContent());
    await act(async () => vi.advanceTimersByTime(1_000));
    expect(result.current).toBe(false);
    firstContentShown();
    await act(async () => vi.advanceTimersByTime(50));
    expect(result.current).toBe(true);
    // Open for good: a later hold changes nothing.
    holdFirstContent();
    expect(renderHook(() => useAfterFirstContent()).result.current).toBe(true);
  });

  it('opens when its hold is released, and at the latest when the hold runs out', async () => {
    const release = holdFirstContent();
    const { result } = renderHook(() => useAfterFirstContent());
    release();
    release();
    await act(async () => vi.advanceTimersByTime(1));
    expect(result.current).toBe(true);

    resetFirstContent();
    holdFirstContent();
    const late = renderHook(() => useAfterFirstContent());
    await act(async () => vi.advanceTimersByTime(FIRST_CONTENT_MAX_MS - 10));
    expect(late.result.current).toBe(false);
    await act(async () => vi.advanceTimersByTime(20));
    expect(late.result.current).toBe(true);
  });

  it('waits for every hold', async () => {
    const first = holdFirstContent();
    const second = holdFirstContent();
    const { result } = renderHook(() => useAfterFirstContent());
    first();
    await act(async () => vi.advanceTimersByTime(10));
    expect(result.current).toBe(false);
    second();
    await act(async () => vi.advanceTimersByTime(10));
    expect(result.current).toBe(true);
  });

  it('marks the first content once, as it enters the DOM and before the same commit’s effects run', () => {
    performance.clearMarks(FIRST_CONTENT_MARK);
    const seen: number[] = [];
    function Page() {
      useEffect(() => {
        // What a page's effects start loading after its first content (the dashboard's cards).
        seen.push(performance.getEntriesByName(FIRST_CONTENT_MARK, 'mark').length);
      }, []);
      useFirstContentShown();
      return createElement('p', null, 'first content');
    }
    render(createElement(Page));
    expect(seen).toEqual([1]);
    firstContentShown();
    expect(performance.getEntriesByName(FIRST_CONTENT_MARK, 'mark')).toHaveLength(1);
  });
});
