/** The only place services read the wall clock; tests pass their own. */
export interface Clock {
  now(): Date;
}

/** A clock that can also be waited on (the scheduler's task loops): tests move it instead of waiting. */
export interface WaitableClock extends Clock {
  /** Resolves after `ms` of this clock's time, or at once when `signal` aborts; never rejects. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export const systemClock: WaitableClock = {
  now: () => new Date(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal.aborted) return resolve();
      const wake = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      signal.addEventListener('abort', wake);
    }),
};
