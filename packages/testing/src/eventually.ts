/** What `eventually` resolves with: the first value of `fn` that is neither null, undefined nor false. */
export type Settled<T> = Exclude<T, null | undefined | false>;

const POLL_EVERY_MS = 25;
/**
 * How long a wait may take by default: a bound for a condition that does come, far above what it
 * takes on a quiet machine, so CPU contention (a parallel run, a loaded CI host) slows a test down
 * but never fails it. A passing wait costs only the time its condition takes.
 */
export const PATIENCE_MS = 60_000;

/**
 * Polls `fn` until it returns something other than null, undefined or false and resolves with
 * that value; rejects after `timeoutMs`, naming `what` it waited for.
 */
export async function eventually<T>(fn: () => T | Promise<T>, timeoutMs = PATIENCE_MS, what = 'condition'): Promise<Settled<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value !== null && value !== undefined && value !== false) return value as Settled<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, POLL_EVERY_MS));
  }
}
