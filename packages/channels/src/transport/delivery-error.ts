/**
 * Why a delivery attempt failed. `transient` failures (network errors, timeouts, 408, 429, 5xx)
 * are retried with backoff; `permanent` ones (other 4xx, bad or missing config, blocked address)
 * are not: retrying cannot fix them and would only delay the failed entry in the log.
 */
export type FailureKind = 'transient' | 'permanent';

export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly kind: FailureKind,
    readonly statusCode: number | null = null,
    /** The provider asked us to wait this long (Retry-After, Telegram retry_after). */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

export const permanentError = (message: string, statusCode: number | null = null) => new DeliveryError(message, 'permanent', statusCode);

export const transientError = (message: string, statusCode: number | null = null, retryAfterMs: number | null = null) =>
  new DeliveryError(message, 'transient', statusCode, retryAfterMs);

/** Anything thrown by a channel, as a DeliveryError (unknown errors count as transient). */
export function asDeliveryError(err: unknown): DeliveryError {
  if (err instanceof DeliveryError) return err;
  const e = err as { message?: unknown; code?: unknown };
  const message = typeof e?.message === 'string' ? e.message : String(err);
  return transientError(typeof e?.code === 'string' && !message.includes(e.code) ? `${e.code}: ${message}` : message);
}
