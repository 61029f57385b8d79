import { describe, expect, it } from 'vitest';
import { DeltaCursor, gapWaitMs, newerVersion, type SearchDelta } from './delta-cursor';

const delta = (sequence: number, id: string, version: number): SearchDelta => ({
  sequence,
  id,
  version: String(version),
});
const ids = (deltas: SearchDelta[]) => deltas.map((d) => `${d.id}@${d.version}`);

describe('DeltaCursor', () => {
  it('applies each listing’s newest change once, and moves past what it has read', () => {
    const cursor = new DeltaCursor(10);
    expect(ids(cursor.accept([delta(11, 'a', 1), delta(12, 'b', 1), delta(13, 'a', 2)], 0))).toEqual([
      'b@1',
      'a@2',
    ]);
    expect(cursor.readAfter).toBe(13);
    // Delivered again (at least once), or read again in the window: nothing new.
    expect(cursor.accept([delta(12, 'b', 1), delta(13, 'a', 2)], 10)).toEqual([]);
    // An older version arriving late (streams order per item only) does not undo a newer one.
    expect(cursor.accept([delta(14, 'a', 1)], 20)).toEqual([]);
    expect(cursor.readAfter).toBe(14);
  });

  it('starts from the snapshot: its position and the versions it includes', () => {
    const cursor = new DeltaCursor(100, [['a', '5']]);
    expect(cursor.accept([delta(99, 'b', 1), delta(101, 'a', 5), delta(102, 'a', 6)], 0)).toEqual([
      delta(102, 'a', 6),
    ]);
  });

  it('reads again from a gap until it is filled, or given up on after the wait', () => {
    const cursor = new DeltaCursor(0);
    cursor.accept([delta(1, 'a', 1), delta(3, 'c', 1)], 0);
    expect(cursor.readAfter).toBe(1); // 2 is not visible yet: read again from after 1
    expect(ids(cursor.accept([delta(2, 'b', 1), delta(3, 'c', 1)], 1_000))).toEqual(['b@1']);
    expect(cursor.readAfter).toBe(3);

    cursor.accept([delta(5, 'e', 1)], 2_000);
    expect(cursor.readAfter).toBe(3);
    cursor.accept([delta(5, 'e', 1)], 2_000 + gapWaitMs - 1);
    expect(cursor.readAfter).toBe(3);
    cursor.accept([], 2_000 + gapWaitMs);
    expect(cursor.readAfter).toBe(5); // 4 never came: given up, and 5 was seen
  });
});

describe('newerVersion', () => {
  it('compares stream sequence numbers as numbers of any length, not as text', () => {
    expect(newerVersion('10', '9')).toBe(true);
    expect(newerVersion('9', '10')).toBe(false);
    expect(newerVersion('49668', '49668')).toBe(false);
    expect(
      newerVersion('4966812345678901234567890123456789012345', '4966812345678901234567890123456789012344'),
    ).toBe(true);
    expect(newerVersion('1', undefined)).toBe(true);
  });
});
