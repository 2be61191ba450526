import { createHash } from 'node:crypto';
import Joi from 'joi';
import type { JobsOptions } from 'bullmq';

/**
 * Every queue, its payload and its job options, in one place so producer and consumer share one
 * type. NEVER rename a queue: jobs already in Redis would be orphaned. Payloads may only gain
 * optional fields, so jobs enqueued by an older version still parse.
 */
export const QUEUE_NAMES = ['probes', 'deliveries', 'test-notifications'] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** One HTTP probe due for an http check at its slot `scheduledAt` (ISO). */
export interface ProbeRef {
  checkId: string;
  scheduledAt: string;
}

/**
 * Due HTTP probes. The scheduler puts several in one job (`probes`, at most PROBES_PER_JOB):
 * BullMQ's work per job (add, fetch, lock, complete: Redis scripts in three processes) cost more
 * CPU than the probe itself. Jobs enqueued before batching carry one probe as `checkId` +
 * `scheduledAt`; read both forms with `probesOf`.
 */
export interface ProbeJob {
  probes?: ProbeRef[];
  checkId?: string;
  scheduledAt?: string;
}

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
  const key = refs.map((r) => `${r.checkId}@${Date.parse(r.scheduledAt)}`).sort().join(',');
  return `probes-${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;
}

export type DeliveryEvent = 'down' | 'up' | 'late' | 'reminder' | 'digest';

/**
 * Failed jobs kept per queue, whatever their age: a broken receiver failing every delivery for a
 * week, or a flood of them, must not fill Redis (~1-2 KB per failed job with its last stack:
 * ~20 MB per queue at most). The delivery log in PostgreSQL is the lasting record of every
 * attempt; the failed set is for looking into recent failures. Oldest are dropped first.
 */
export const FAILED_JOBS_KEPT = 10_000;

/** One notification to one integration. */
export interface DeliveryJob {
  integrationId: number;
  checkId: string;
  event: DeliveryEvent;
  /** The flip this notification is about (absent for digests of several flips). */
  flipId?: string;
  /** reminders.id when event = reminder. */
  reminderId?: string;
  /** held_notifications ids collapsed into this digest when event = digest. */
  heldIds?: string[];
  /**
   * Enqueued again by the scheduler's Redis recovery (reminders and digests only): the original
   * job may have been delivered before Redis lost it, so the notifier checks its delivery log first.
   */
  recovered?: boolean;
}

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
export interface TestNotificationJob {
  integrationId: number;
  /** Random, from the request: one job per click. */
  requestId: string;
}

export interface JobPayloads {
  probes: ProbeJob;
  deliveries: DeliveryJob;
  'test-notifications': TestNotificationJob;
}

const id = Joi.string().pattern(/^\d+$/);
const uuid = Joi.string().guid();
const probeRef = Joi.object<ProbeRef>({ checkId: uuid.required(), scheduledAt: Joi.string().isoDate().required() }).unknown(true);

// The fast checks' counterparts of `id` and `uuid` (the canonical 8-4-4-4-12 form is one of
// those Joi's guid() accepts).
const ID_RE = /^\d+$/;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isId = (v: unknown): boolean => typeof v === 'string' && ID_RE.test(v);
const isUuid = (v: unknown): boolean => typeof v === 'string' && UUID_RE.test(v);
/** Every element an id (a plain loop: `every` would skip the holes of a sparse array, which Joi refuses). */
function isIdList(v: unknown): boolean {
  if (!Array.isArray(v)) return false;
  for (let i = 0; i < v.length; i++) if (!isId(v[i])) return false;
  return true;
}
const DELIVERY_EVENTS: ReadonlySet<unknown> = new Set(['down', 'up', 'late', 'reminder', 'digest']);
/**
 * An instant exactly as `Date#toISOString` writes it (what our producers send): Joi's isoDate()
 * accepts it and, converting it to `toISOString()` again, leaves it unchanged. Other ISO forms
 * (no milliseconds, an offset, a rolled-over day) are normalised by the schema.
 */
const CANONICAL_INSTANT_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
function isCanonicalInstant(v: unknown): boolean {
  if (typeof v !== 'string' || !CANONICAL_INSTANT_RE.test(v)) return false;
  const t = Date.parse(v); // NaN for a month 13 or hour 25: toISOString would throw
  return !Number.isNaN(t) && new Date(t).toISOString() === v;
}
/** A `probes` batch of 1..1000 refs (plain loop: holes must fail, as with Joi). */
function isProbeRefList(v: unknown): boolean {
  if (!Array.isArray(v) || v.length < 1 || v.length > 1000) return false;
  for (let i = 0; i < v.length; i++) {
    const ref: unknown = v[i];
    if (!isPlainObject(ref) || !isUuid(ref.checkId) || !isCanonicalInstant(ref.scheduledAt)) return false;
  }
  return true;
}

interface Entry<N extends QueueName> {
  schema: Joi.ObjectSchema<JobPayloads[N]>;
  /**
   * A cheap check of the common shape (what our producers write), true only for payloads the
   * schema accepts unchanged. Joi cost a notable share of the notifier's CPU per job (every
   * payload is validated at enqueue and again by the worker); anything else still goes through
   * the schema, which stays the definition (and gives the error, or converts).
   */
  plainValid: (payload: Record<string, unknown>) => boolean;
  /** Deterministic job id: enqueuing the same thing twice creates one job. No ':' allowed. */
  jobId: (payload: JobPayloads[N]) => string;
  options: JobsOptions;
}

export const CATALOG: { [N in QueueName]: Entry<N> } = {
  probes: {
    schema: Joi.object<ProbeJob>({
      probes: Joi.array().items(probeRef).min(1).max(1000),
      checkId: uuid,
      scheduledAt: Joi.string().isoDate(),
    })
      .xor('probes', 'checkId')
      .and('checkId', 'scheduledAt')
      .unknown(true),
    // The batched form only (the single-probe form is from before batching).
    plainValid: (p) => p.checkId === undefined && p.scheduledAt === undefined && isProbeRefList(p.probes),
    jobId: probeJobId,
    options: {
      attempts: 1,
      removeOnComplete: { age: 3600, count: 50_000 },
      removeOnFail: { age: 24 * 3600, count: FAILED_JOBS_KEPT },
    },
  },
  deliveries: {
    schema: Joi.object<DeliveryJob>({
      integrationId: Joi.number().integer().positive().required(),
      checkId: uuid.required(),
      event: Joi.string().valid('down', 'up', 'late', 'reminder', 'digest').required(),
      flipId: id,
      reminderId: id,
      heldIds: Joi.array().items(id),
      recovered: Joi.boolean(),
    }).unknown(true),
    plainValid: (p) =>
      typeof p.integrationId === 'number' &&
      Number.isSafeInteger(p.integrationId) &&
      p.integrationId > 0 &&
      isUuid(p.checkId) &&
      DELIVERY_EVENTS.has(p.event) &&
      (p.flipId === undefined || isId(p.flipId)) &&
      (p.reminderId === undefined || isId(p.reminderId)) &&
      (p.heldIds === undefined || isIdList(p.heldIds)) &&
      (p.recovered === undefined || typeof p.recovered === 'boolean'),
    jobId: (p) =>
      p.event === 'reminder'
        ? `delivery-reminder-${p.reminderId}`
        : p.event === 'digest'
          ? `delivery-digest-${p.integrationId}-${digestKey(p.heldIds ?? [])}`
          : `delivery-${p.flipId}-${p.integrationId}`,
    // 9 attempts: the first and 8 retries. `delivery` is the notifier's own backoff strategy
    // (base × 2^n with jitter, 15 s → 32 min, ~64 min in all; longer when a provider sends
    // Retry-After), so the base is the notifier's setting (NOTIFIER_RETRY_BASE_MS), not fixed here.
    options: {
      attempts: DELIVERY_ATTEMPTS,
      backoff: { type: 'delivery', delay: 15_000 },
      removeOnComplete: { age: 24 * 3600, count: 100_000 },
      removeOnFail: { age: 7 * 24 * 3600, count: FAILED_JOBS_KEPT },
      // The stack of the last attempt only (9 attempts would keep 9); the error is in the delivery log.
      stackTraceLimit: 1,
    },
  },
  'test-notifications': {
    schema: Joi.object<TestNotificationJob>({
      integrationId: Joi.number().integer().positive().required(),
      requestId: Joi.string().pattern(/^[A-Za-z0-9_-]{8,64}$/).required(),
    }).unknown(true),
    plainValid: (p) =>
      typeof p.integrationId === 'number' && Number.isSafeInteger(p.integrationId) && p.integrationId > 0 && typeof p.requestId === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(p.requestId),
    jobId: (p) => `test-notification-${p.integrationId}-${p.requestId}`,
    options: { attempts: 1, removeOnComplete: { age: 3600, count: 10_000 }, removeOnFail: { age: 24 * 3600, count: FAILED_JOBS_KEPT } },
  },
};

export class InvalidJobPayloadError extends Error {
  constructor(queue: QueueName, detail: string) {
    super(`invalid ${queue} job payload: ${detail}`);
    this.name = 'InvalidJobPayloadError';
  }
}

export function validatePayload<N extends QueueName>(queue: N, payload: unknown): JobPayloads[N] {
  if (isPlainObject(payload) && CATALOG[queue].plainValid(payload)) return payload as unknown as JobPayloads[N];
  const { value, error } = CATALOG[queue].schema.validate(payload);
  if (error) throw new InvalidJobPayloadError(queue, error.message);
  return value as JobPayloads[N];
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}
