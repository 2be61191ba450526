import type { WaitableClock } from '@upmon/service-kit';

interface Sleeper {
  at: number;
  wake(): void;
}

/** Lets every promise chain that is ready run to its next real wait. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A clock the test moves by hand. `advance(ms)` wakes the sleepers due on the way in time order,
 * letting the woken code run before time moves on, so the code under test sees exact times and a
 * loaded machine cannot make it late.
 */
export class ManualClock implements WaitableClock {
  private t: number;
  private sleepers: Sleeper[] = [];

  constructor(start = new Date('2026-01-01T00:00:00Z')) {
    this.t = start.getTime();
  }

  now(): Date {
    return new Date(this.t);
  }

  sleep(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      if (signal.aborted) return resolve();
      const sleeper: Sleeper = {
        at: this.t + Math.max(0, ms),
        wake: () => {
          this.sleepers = this.sleepers.filter((s) => s !== sleeper);
          signal.removeEventListener('abort', sleeper.wake);
          resolve();
        },
      };
      this.sleepers.push(sleeper);
      signal.addEventListener('abort', sleeper.wake);
    });
  }

  /** When the sleeps in progress end, soonest first. */
  wakeUps(): Date[] {
    return this.sleepers
      .map((s) => s.at)
      .sort((a, b) => a - b)
      .map((at) => new Date(at));
  }

  /** Moves the clock `ms` ahead (0: only lets ready code run), waking each sleeper at its time. */
  async advance(ms: number): Promise<void> {
    const target = this.t + ms;
    for (;;) {
      await settle();
      const next = this.sleepers.reduce<Sleeper | undefined>((soonest, s) => (!soonest || s.at < soonest.at ? s : soonest), undefined);
      if (!next || next.at > target) break;
      this.t = next.at;
      next.wake();
    }
    this.t = target;
    await settle();
  }
}
