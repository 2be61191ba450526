import { Counter, Histogram, type Registry } from 'prom-client';

/**
 * What one delivery job did: `sent`, `retrying` (failed, will be retried), `failed` (permanently or
 * on its last attempt), `held` (quiet hours), `skipped` (nothing to send: already delivered,
 * integration disabled or gone).
 */
export const DELIVERY_OUTCOMES = ['sent', 'retrying', 'failed', 'held', 'skipped'] as const;
export type DeliveryOutcomeLabel = (typeof DELIVERY_OUTCOMES)[number];

export interface DeliveryMetrics {
  /** `channel`: the integration's kind ('unknown' when the integration is gone). */
  finished(channel: string, outcome: DeliveryOutcomeLabel): void;
  /** One provider request (successful or not) took `seconds`; `retry`: not the first attempt. */
  attempted(channel: string, seconds: number, retry: boolean): void;
  /** A status-change notification reached its provider `seconds` after the status changed. */
  notified(channel: string, seconds: number): void;
}

const REQUEST_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Flip → delivered: seconds normally, up to ~1 h while a provider is retried. */
const NOTIFY_BUCKETS = [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600];

export function createDeliveryMetrics(registry: Registry): DeliveryMetrics {
  const deliveries = new Counter({
    name: 'upmon_deliveries_total',
    help: 'Delivery jobs finished, by channel and outcome (sent, retrying, failed, held, skipped).',
    labelNames: ['channel', 'outcome'],
    registers: [registry],
  });
  const retries = new Counter({
    name: 'upmon_delivery_retries_total',
    help: 'Delivery attempts that were retries of an earlier failed attempt, by channel.',
    labelNames: ['channel'],
    registers: [registry],
  });
  const request = new Histogram({
    name: 'upmon_delivery_request_seconds',
    help: 'Duration of one delivery attempt to the provider (HTTP request, SMTP send), by channel.',
    labelNames: ['channel'],
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const notify = new Histogram({
    name: 'upmon_notification_delay_seconds',
    help: 'Time from a status change to its notification accepted by the provider, by channel.',
    labelNames: ['channel'],
    buckets: NOTIFY_BUCKETS,
    registers: [registry],
  });
  return {
    finished: (channel, outcome) => deliveries.labels(channel, outcome).inc(),
    attempted(channel, seconds, retry) {
      request.labels(channel).observe(seconds);
      if (retry) retries.labels(channel).inc();
    },
    notified: (channel, seconds) => notify.labels(channel).observe(Math.max(0, seconds)),
  };
}
