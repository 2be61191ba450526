/**
 * Rejects when `p` has not settled within `ms`. BullMQ (and ioredis) wait for a connection that
 * never came up instead of failing, so every Redis call that a caller must not hang on goes
 * through this. A late result of `p` is ignored.
 */
export function withTimeout<T>(p: Promise<T>, ms: number, what = 'redis call'): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  p.catch(() => undefined);
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
