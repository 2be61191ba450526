import { badgeStatus } from './badge-status.js';

test.each([
  [{ total: 0, late: 0, down: 0 }, true, 'up'],
  [{ total: 3, late: 0, down: 0 }, true, 'up'],
  [{ total: 3, late: 1, down: 0 }, true, 'late'],
  [{ total: 3, late: 1, down: 0 }, false, 'up'],
  [{ total: 3, late: 1, down: 1 }, true, 'down'],
  [{ total: 3, late: 0, down: 1 }, false, 'down'],
])('%j with late shown: %s → %s', (counts, withLate, expected) => {
  expect(badgeStatus(counts, withLate)).toBe(expected);
});
