import type { CheckStatus } from '../state/types.js';
import { notificationEventFor } from './events.js';

const STATUSES: CheckStatus[] = ['new', 'up', 'late', 'down', 'paused'];

describe('notificationEventFor', () => {
  // Every (old, new) pair, spelled out so a change in the rule shows up as a changed table.
  const expected: Record<string, string | null> = {
    'new>up': null,
    'new>late': null,
    'new>down': 'down',
    'new>paused': null,
    'up>new': null,
    'up>late': 'late',
    'up>down': 'down',
    'up>paused': null,
    'late>new': null,
    'late>up': 'up',
    'late>down': 'down',
    'late>paused': null,
    'down>new': null,
    'down>up': 'up',
    'down>late': null,
    'down>paused': null,
    'paused>new': null,
    'paused>up': null,
    'paused>late': null,
    'paused>down': 'down',
  };
  for (const from of STATUSES) {
    for (const to of STATUSES) {
      const key = `${from}>${to}`;
      const want = from === to ? null : (expected[key] ?? null);
      it(`${from} → ${to} notifies ${want ?? 'nothing'}`, () => {
        expect(notificationEventFor(from, to)).toBe(want);
      });
    }
  }
  it('covers every pair in the table', () => {
    expect(Object.keys(expected)).toHaveLength(20);
  });
});
