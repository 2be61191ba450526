import { createHash } from 'node:crypto';
import { PROBED_KINDS } from '@upmon/core';
import type Joi from 'joi';
import type { JobsOptions } from 'bullmq';
import {
  boolean,
  fastCheckOf,
  id,
  instant,
  joiOf,
  list,
  object,
  oneOf,
  optional,
  positiveInt,
  text,
  uuid,
  type FieldSpec,
  type PayloadOf,
} from './payload-spec.js';

/**
 * Every queue, its payload and its job options, in one place so producer and consumer share one
 * type. NEVER rename a queue: jobs already in Redis would be orphaned. Payloads may only gain
 * optional fields, so jobs enqueued by an older version still parse.
 */
export const QUEUE_NAMES = ['probes', 'deliveries', 'test-notifications', 'probe-tests', 'probe-results', 'slo-alerts', 'subscriber-mails'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/**
 * The queue of a location's probes (docs/locations.md): `probes` for the local location (the name
 * it always had, so jobs already in Redis and a single-location setup keep working), `probes-<location>`
 * for every other. Each location's probers take only their own queue; its Redis user may touch only
 * its own queue's keys (docs/locations.md, "Redis ACLs").
 */
export function probeQueueName(location: string): string {
  return location === LOCAL_LOCATION ? 'probes' : `probes-${location}`;
}
const LOCAL_LOCATION = 'local';

/**
 * The queue of a remote location's probe results (docs/locations.md, "Results of remote
 * locations"): its probers (PROBER_RESULTS=queue) add each result there, and the scheduler's
 * consumer records it. Inside the location's ACL key patterns (`locationAclRules`).
 */
export function probeResultsQueueName(location: string): string {
  return `probe-results-${location}`;
}

/** base64 of a JSON document (a remote probe's target or result), at most ~300 KB. */
const BASE64_JSON = /^[A-Za-z0-9+/]{1,400000}={0,2}$/;
/** A location's name (same rule as core's LOCATION_NAME). */
const LOCATION = /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/;

/** One HTTP probe due for an http check at its slot `scheduledAt` (ISO). */
/**
 * `target`: for a location other than `local`, everything the probe needs (kind, config with its
 * credentials, schedule, kept certificate: check-store's `encodeProbeTarget`), so a prober that
 * reaches no database can run it. Plain JSON in base64: the location's queue is readable only with
 * its own Redis credentials, over TLS.
 */
const PROBE_REF = object({ checkId: uuid(), scheduledAt: instant(), target: optional(text(BASE64_JSON)) });
export type ProbeRef = PayloadOf<typeof PROBE_REF.fields>;

/**
 * Due HTTP probes. The scheduler puts several in one job (`probes`, at most PROBES_PER_JOB):
 * BullMQ's work per job (add, fetch, lock, complete: Redis scripts in three processes) cost more
 * CPU than the probe itself. Jobs enqueued before batching carry one probe as `checkId` +
 * `scheduledAt`; read both forms with `probesOf`.
 */
const PROBE_JOB = object(
  {
    probes: optional(list(PROBE_REF, { min: 1, max: 1000 })),
    checkId: optional(uuid()),
    scheduledAt: optional(instant()),
  },
  { xor: ['probes', 'checkId'], and: ['checkId', 'scheduledAt'] },
);
export type ProbeJob = PayloadOf<typeof PROBE_JOB.fields>;

/**
 * Probes per `probes` job: enough to make the per-job cost small (BullMQ's commands, the check
 * read, the claims script), few enough to spread a burst over the probers (10,000 due probes are
 * 200 jobs). The scheduler's steady rounds (>= 100 ms apart) rarely find more than one job's worth.
 */
export const PROBES_PER_JOB = 50;

/** The probes a `probes` job carries (either form). */
export function probesOf(job: ProbeJob): ProbeRef[] {
  if (job.probes) return job.probes;
  return job.checkId && job.scheduledAt ? [{ checkId: job.checkId, scheduledAt: job.scheduledAt }] : [];
}

/**
 * A job of one probe keeps the id it always had; a batch is named by its content, so a scheduler
 * round repeated after a failed commit collapses onto the same job when it claims the same probes.
 * (A round that claims a different set makes a different job: the prober's per-probe claim then
 * keeps each probe to one run.)
 */
function probeJobId(job: ProbeJob): string {
  const refs = probesOf(job);
  if (refs.length === 1) {
    const [ref] = refs as [ProbeRef];
    return `probe-${ref.checkId}-${Date.parse(ref.scheduledAt)}`;
  }
  const key = refs
    .map((r) => `${r.checkId}@${Date.parse(r.scheduledAt)}`)
    .sort()
    .join(',');
  return `probes-${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;
}

/**
 * Failed jobs kept per queue, whatever their age: a broken receiver failing every delivery for a
 * week, or a flood of them, must not fill Redis (~1-2 KB per failed job with its last stack:
 * ~20 MB per queue at most). The delivery log in PostgreSQL is the lasting record of every
 * attempt; the failed set is for looking into recent failures. Oldest are dropped first.
 */
export const FAILED_JOBS_KEPT = 10_000;

/** One notification to one integration. */
const DELIVERY_JOB = object({
  integrationId: positiveInt(),
  checkId: uuid(),
  event: oneOf('down', 'up', 'late', 'reminder', 'digest'),
  /** The flip this notification is about (absent for digests of several flips). */
  flipId: optional(id()),
  /** reminders.id when event = reminder. */
  reminderId: optional(id()),
  /** held_notifications ids collapsed into this digest when event = digest. */
  heldIds: optional(list(id())),
  /**
   * Enqueued again by the scheduler's Redis recovery (reminders, escalations and digests): the original
   * job may have been delivered before Redis lost it, so the notifier checks its delivery log first.
   */
  recovered: optional(boolean()),
});
export type DeliveryJob = PayloadOf<typeof DELIVERY_JOB.fields>;
export type DeliveryEvent = DeliveryJob['event'];

/** Attempts of one delivery (the first and its retries). */
export const DELIVERY_ATTEMPTS = 9;

/** The held rows of a digest, in the job id: listed when few, hashed when many (ids stay short). */
function digestKey(heldIds: string[]): string {
  const sorted = [...heldIds].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
  const joined = sorted.join('_');
  return sorted.length <= 8 ? joined : `h${createHash('sha256').update(joined).digest('hex').slice(0, 32)}`;
}

/**
 * A test notification asked for in the web app: sent once through the integration's channel (no
 * retries: the person is waiting for the outcome) and logged in the delivery log with event `test`.
 */
const TEST_NOTIFICATION_JOB = object({
  integrationId: positiveInt(),
  /** Random, from the request: one job per click. */
  requestId: text(/^[A-Za-z0-9_-]{8,64}$/),
});
export type TestNotificationJob = PayloadOf<typeof TEST_NOTIFICATION_JOB.fields>;

/**
 * One "test now" probe asked for in a check form: the prober runs it with the form's settings and
 * leaves the result in Redis (`probeTestResultKey`) for the api, which waits for it. The config
 * travels encrypted (AAD.probeTestConfig): it may carry credentials.
 */
const PROBE_TEST_JOB = object({
  /** Random, from the request: one job per click. */
  requestId: text(/^[A-Za-z0-9_-]{16,64}$/),
  kind: oneOf(...PROBED_KINDS),
  /** base64 of the sealed config JSON. */
  config: text(/^[A-Za-z0-9+/]{1,200000}={0,2}$/),
});
export type ProbeTestJob = PayloadOf<typeof PROBE_TEST_JOB.fields>;

/** Where the prober leaves a test probe's (sealed) result, for PROBE_TEST_RESULT_TTL_MS. */
export const probeTestResultKey = (prefix: string, requestId: string) => `${prefix}:probe-test-result:${requestId}`;
export const PROBE_TEST_RESULT_TTL_MS = 120_000;

/**
 * One probe's result from a remote location (`probeResultsQueueName`), for the scheduler's
 * consumer: `result` is check-store's `encodeProbeOutcome` (the report, whether to keep its
 * certificate, the prober's user agent).
 */
const PROBE_RESULT_JOB = object({ checkId: uuid(), location: text(LOCATION), scheduledAt: instant(), result: text(BASE64_JSON) });
export type ProbeResultJob = PayloadOf<typeof PROBE_RESULT_JOB.fields>;

/**
 * One SLO burn-rate alert (docs/slos.md, "Burn-rate alerts") to one integration: the scheduler's
 * task enqueues one per matching integration when an alert fires and when it resolves.
 */
const SLO_ALERT_JOB = object({ alertId: id(), integrationId: positiveInt(), phase: oneOf('fired', 'resolved') });
export type SloAlertJob = PayloadOf<typeof SLO_ALERT_JOB.fields>;

/**
 * One batch of a status page notice's subscriber mails (docs/status-pages.md, "Delivery"): the
 * notifier's fan-out numbered the notice's deliveries in batches of SUBSCRIBER_MAILS_PER_JOB, and
 * the rows in PostgreSQL say which are still to send, so a job run twice sends nothing twice.
 */
const SUBSCRIBER_MAIL_JOB = object({ noticeId: id(), batch: positiveInt() });
export type SubscriberMailJob = PayloadOf<typeof SUBSCRIBER_MAIL_JOB.fields>;

/** Mails per `subscriber-mails` job: sent one after the other over one SMTP connection. */
export const SUBSCRIBER_MAILS_PER_JOB = 100;

export interface JobPayloads {
  probes: ProbeJob;
  deliveries: DeliveryJob;
  'test-notifications': TestNotificationJob;
  'probe-tests': ProbeTestJob;
  'probe-results': ProbeResultJob;
  'slo-alerts': SloAlertJob;
  'subscriber-mails': SubscriberMailJob;
}

interface Entry<N extends QueueName> {
  /** The payload's Joi schema, derived from its spec (payload-spec.ts): the definition of valid. */
  schema: Joi.Schema<JobPayloads[N]>;
  /** True only for payloads the schema accepts unchanged, in the common shape: skips Joi. */
  fastValid: (payload: unknown) => boolean;
  /** Deterministic job id: enqueuing the same thing twice creates one job. No ':' allowed. */
  jobId: (payload: JobPayloads[N]) => string;
  options: JobsOptions;
}

/** A payload spec's schema and fast check. */
function validation(spec: FieldSpec) {
  return { schema: joiOf(spec), fastValid: fastCheckOf(spec) };
}

/**
 * Options of the notifier's deliveries (`deliveries`, `subscriber-mails`, `slo-alerts`). 9 attempts: the first
 * and 8 retries. `delivery` is the notifier's own backoff strategy (base × 2^n with jitter, 15 s →
 * 32 min, ~64 min in all; longer when a provider sends Retry-After), so the base is the notifier's
 * setting (NOTIFIER_RETRY_BASE_MS), not fixed here.
 */
const DELIVERY_JOB_OPTIONS: JobsOptions = {
  attempts: DELIVERY_ATTEMPTS,
  backoff: { type: 'delivery', delay: 15_000 },
  removeOnComplete: { age: 24 * 3600, count: 100_000 },
  removeOnFail: { age: 7 * 24 * 3600, count: FAILED_JOBS_KEPT },
  // The stack of the last attempt only (9 attempts would keep 9); the error is in the delivery log.
  stackTraceLimit: 1,
};

export const CATALOG: { [N in QueueName]: Entry<N> } = {
  probes: {
    ...validation(PROBE_JOB),
    jobId: probeJobId,
    options: {
      attempts: 1,
      removeOnComplete: { age: 3600, count: 50_000 },
      removeOnFail: { age: 24 * 3600, count: FAILED_JOBS_KEPT },
    },
  },
  deliveries: {
    ...validation(DELIVERY_JOB),
    jobId: (p) =>
      p.event === 'reminder'
        ? `delivery-reminder-${p.reminderId}`
        : p.event === 'digest'
          ? `delivery-digest-${p.integrationId}-${digestKey(p.heldIds ?? [])}`
          : `delivery-${p.flipId}-${p.integrationId}`,
    options: DELIVERY_JOB_OPTIONS,
  },
  'test-notifications': {
    ...validation(TEST_NOTIFICATION_JOB),
    jobId: (p) => `test-notification-${p.integrationId}-${p.requestId}`,
    options: { attempts: 1, removeOnComplete: { age: 3600, count: 10_000 }, removeOnFail: { age: 24 * 3600, count: FAILED_JOBS_KEPT } },
  },
  'probe-tests': {
    ...validation(PROBE_TEST_JOB),
    jobId: (p) => `probe-test-${p.requestId}`,
    // Nobody waits longer than a probe's timeout: a job still queued after a minute is dropped.
    options: { attempts: 1, removeOnComplete: { age: 300, count: 1000 }, removeOnFail: { age: 3600, count: FAILED_JOBS_KEPT } },
  },
  'probe-results': {
    ...validation(PROBE_RESULT_JOB),
    // One job per probe run: a result added twice collapses while its job is kept (an hour).
    jobId: (p) => `probe-result-${p.location}-${p.checkId}-${Date.parse(p.scheduledAt)}`,
    // Retried while PostgreSQL is unreachable (~17 min in all); a result applied twice is ignored
    // by check-store (`onlyIfNewer`).
    options: {
      attempts: 10,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: { age: 3600, count: 50_000 },
      removeOnFail: { age: 24 * 3600, count: FAILED_JOBS_KEPT },
    },
  },
  'slo-alerts': {
    ...validation(SLO_ALERT_JOB),
    jobId: (p) => `slo-alert-${p.alertId}-${p.integrationId}-${p.phase}`,
    // Retried like deliveries (the notifier's backoff), every attempt in the delivery log.
    options: DELIVERY_JOB_OPTIONS,
  },
  'subscriber-mails': {
    ...validation(SUBSCRIBER_MAIL_JOB),
    jobId: (p) => `subscriber-mails-${p.noticeId}-${p.batch}`,
    // Retried like deliveries; each retry sends only the batch's deliveries still pending.
    options: DELIVERY_JOB_OPTIONS,
  },
};

export class InvalidJobPayloadError extends Error {
  constructor(queue: QueueName, detail: string) {
    super(`invalid ${queue} job payload: ${detail}`);
    this.name = 'InvalidJobPayloadError';
  }
}

/** The payload as it is when the fast check passes; else as the schema converts it, or an error. */
export function validatePayload<N extends QueueName>(queue: N, payload: unknown): JobPayloads[N] {
  if (CATALOG[queue].fastValid(payload)) return payload as JobPayloads[N];
  const { value, error } = CATALOG[queue].schema.validate(payload);
  if (error) throw new InvalidJobPayloadError(queue, error.message);
  return value as JobPayloads[N];
}
