import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useOneAtATime } from './one-at-a-time';

describe('useOneAtATime', () => {
  it('starts nothing while the last action has not ended, and starts again once it has', () => {
    const { result } = renderHook(() => useOneAtATime());
    const started: (() => void)[] = [];
    const start = (done: () => void) => started.push(done);
    result.current(start);
    result.current(start);
    expect(started).toHaveLength(1);
    started[0]?.();
    result.current(start);
    expect(started).toHaveLength(2);
  });
});
