import { PING_BUDGET_PER_WINDOW, PING_BUDGET_WINDOW_MS, takePingBudget, type PingBudget } from './ping-budget.js';

const t0 = new Date('2026-03-29T00:59:30.000Z'); // 30 s before the EU's spring-forward jump
const after = (ms: number) => new Date(t0.getTime() + ms);

/** Applies pings at the given offsets (ms after t0); returns which were applied. */
function run(offsets: number[], start: PingBudget = { windowStart: null, count: 0 }): boolean[] {
  let b = start;
  return offsets.map((ms) => {
    const d = takePingBudget(b, after(ms));
    b = d.budget;
    return d.applied;
  });
}

describe('takePingBudget', () => {
  it('opens a window with the first ping', () => {
    expect(takePingBudget({ windowStart: null, count: 0 }, t0)).toEqual({ applied: true, budget: { windowStart: t0, count: 1 } });
  });

  it('applies 60 pings in a window and refuses the rest of it, without spending anything', () => {
    const applied = run(Array.from({ length: 100 }, (_, i) => i * 10)); // 100 pings in one second
    expect(applied.filter(Boolean)).toHaveLength(PING_BUDGET_PER_WINDOW);
    expect(applied.slice(0, 60).every(Boolean)).toBe(true);
    expect(applied.slice(60).some(Boolean)).toBe(false);
    const full = { windowStart: t0, count: 60 };
    expect(takePingBudget(full, after(59_999))).toEqual({ applied: false, budget: full });
  });

  it('applies the first ping once the window has passed (exactly 60 s after its start)', () => {
    const full = { windowStart: t0, count: 60 };
    expect(takePingBudget(full, after(PING_BUDGET_WINDOW_MS - 1)).applied).toBe(false);
    expect(takePingBudget(full, after(PING_BUDGET_WINDOW_MS))).toEqual({ applied: true, budget: { windowStart: after(60_000), count: 1 } });
    expect(takePingBudget(full, after(3_600_000)).budget).toEqual({ windowStart: after(3_600_000), count: 1 });
  });

  it('lets a check pinged once a second all day through: windows are elapsed time, not wall clock', () => {
    // 2 hours of one ping a second across the DST jump at 01:00 UTC: never more than 60 in a window.
    expect(run(Array.from({ length: 7200 }, (_, i) => i * 1000)).every(Boolean)).toBe(true);
  });

  it('counts a window that starts in the future (a replica clock ahead) as the current one', () => {
    const ahead = { windowStart: after(5_000), count: 60 };
    expect(takePingBudget(ahead, t0).applied).toBe(false);
    expect(takePingBudget({ windowStart: after(5_000), count: 3 }, t0).budget).toEqual({ windowStart: after(5_000), count: 4 });
  });

  it('allows at most 60 per window but up to 120 across a window boundary', () => {
    // 60 at the end of one window, 60 at the start of the next: the documented worst case.
    const offsets = [0, ...Array.from({ length: 59 }, (_, i) => 59_000 + i), ...Array.from({ length: 61 }, (_, i) => 60_000 + i)];
    const applied = run(offsets);
    expect(applied.slice(0, 60).every(Boolean)).toBe(true);
    expect(applied.slice(60, 120).every(Boolean)).toBe(true);
    expect(applied[120]).toBe(false);
  });
});
