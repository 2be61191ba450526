import { rearmAfterRestore } from './rearm-after-restore.js';
import { applyDueDeadlines, deadlineFor } from './transition.js';
import type { CheckState } from './types.js';

const at = (iso: string) => new Date(iso);
const RESTORED = at('2026-03-10T12:00:00Z');

/** A heartbeat check every hour with 10 minutes' grace, last pinged two days before the restore. */
function check(over: Partial<CheckState> = {}): CheckState {
  const s: CheckState = {
    kind: 'heartbeat',
    status: 'up',
    schedule: { kind: 'period', periodSec: 3600, tz: 'UTC' },
    graceSec: 600,
    lastPingAt: at('2026-03-08T12:00:00Z'),
    lastStartAt: null,
    lastStartRid: null,
    lastDurationMs: null,
    resumedAt: null,
    nextDeadlineAt: null,
    failureCount: 0,
    confirmations: 1,
    minRunSec: null,
    ...over,
  };
  return { ...s, nextDeadlineAt: over.nextDeadlineAt !== undefined ? over.nextDeadlineAt : deadlineFor(s) };
}

describe('rearmAfterRestore', () => {
  it('counts an up check’s expected time from the restore: nothing is due for the gap', () => {
    const s = check();
    expect(s.nextDeadlineAt).toEqual(at('2026-03-08T13:00:00Z'));
    const r = rearmAfterRestore(s, RESTORED);
    expect(r).toEqual({ ...s, resumedAt: RESTORED, nextDeadlineAt: at('2026-03-10T13:00:00Z') });
    expect(applyDueDeadlines(r, RESTORED).flips).toEqual([]);
    // …and a job that then misses its next run still goes late, then down, on time.
    expect(applyDueDeadlines(r, at('2026-03-10T13:10:00Z')).flips.map((f) => [f.newStatus, f.ts])).toEqual([
      ['late', at('2026-03-10T13:00:00Z')],
      ['down', at('2026-03-10T13:10:00Z')],
    ]);
  });

  it('gives a late check its grace again from the restore, without a flip', () => {
    const s = check({ status: 'late' });
    const r = rearmAfterRestore(s, RESTORED);
    expect([r.status, r.nextDeadlineAt]).toEqual(['late', at('2026-03-10T13:10:00Z')]);
  });

  it('forgets a run started before the backup', () => {
    const s = check({ lastStartAt: at('2026-03-08T12:30:00Z'), lastStartRid: '6f1e7c2a-0000-4000-8000-000000000000' });
    expect(s.nextDeadlineAt).toEqual(at('2026-03-08T12:40:00Z'));
    const r = rearmAfterRestore(s, RESTORED);
    expect([r.lastStartAt, r.lastStartRid, r.nextDeadlineAt]).toEqual([null, null, at('2026-03-10T13:00:00Z')]);
    const fresh = check({ status: 'new', lastPingAt: null, lastStartAt: at('2026-03-08T12:30:00Z') });
    expect(rearmAfterRestore(fresh, RESTORED)).toEqual({ ...fresh, resumedAt: RESTORED, lastStartAt: null, nextDeadlineAt: null });
  });

  it('follows the schedule: a cron job is next expected at its first time after the restore', () => {
    const s = check({ schedule: { kind: 'cron', cron: '0 3 * * *', tz: 'UTC' } });
    expect(rearmAfterRestore(s, RESTORED).nextDeadlineAt).toEqual(at('2026-03-11T03:00:00Z'));
  });

  it.each([
    ['down', check({ status: 'down' })],
    ['paused', check({ status: 'paused', nextDeadlineAt: null })],
    ['new, never pinged', check({ status: 'new', lastPingAt: null })],
    ['probed', check({ kind: 'http', nextDeadlineAt: null })],
    ['pinged after the restore', check({ lastPingAt: at('2026-03-10T12:05:00Z') })],
    ['re-armed already (the command run twice)', rearmAfterRestore(check(), RESTORED)],
  ])('leaves a check %s as it is', (_what, s) => {
    expect(rearmAfterRestore(s, RESTORED)).toEqual(s);
  });
});
