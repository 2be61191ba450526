import { Joi } from '@upmon/bounded-joi';
import { ApiError } from '../errors.js';
import { BODY_OPTIONS, fieldErrorsOf } from '../validation/joi-errors.js';

/** Results one POST may carry: a job holds at most 50 probes (PROBES_PER_JOB), a poll hands out at most two jobs. */
export const REMOTE_RESULTS_MAX = 100;
/** The longest explanation kept from a remote prober (a ping body; a local prober's are shorter still). */
export const REMOTE_EXPLANATION_MAX = 1000;
/** The largest body the results endpoint reads: 100 results with every field at its bound fit. */
export const REMOTE_RESULTS_BODY_LIMIT_BYTES = 1_048_576;

const FAILURE_KINDS = ['dns', 'refused', 'timeout', 'tls', 'blocked', 'reset', 'redirects', 'other'] as const;
const instant = Joi.string()
  .max(40)
  .isoDate()
  .pattern(/(Z|[+-]\d\d:?\d\d)$/i);
const phaseMs = Joi.number().integer().min(0).max(600_000);

const certificate = Joi.object({
  subject: Joi.string().allow('').max(500).required(),
  issuer: Joi.string().allow('').max(500).required(),
  sans: Joi.array().items(Joi.string().max(500)).max(100).required(),
  valid_from: instant.required(),
  valid_to: instant.required(),
  fingerprint256: Joi.string()
    .pattern(/^[0-9A-F]{2}(:[0-9A-F]{2}){31}$/)
    .max(95)
    .required(),
});

const remoteProbeResult = Joi.object({
  check_id: Joi.string().guid().max(36).required(),
  scheduled_at: instant.required().description("The probe's slot, as the job gave it"),
  ok: Joi.boolean().required(),
  warning: Joi.boolean().required(),
  failure: Joi.string()
    .valid(...FAILURE_KINDS)
    .allow(null)
    .required()
    .description('Why no usable answer came; null when one did'),
  explanation: Joi.string().allow('').max(REMOTE_EXPLANATION_MAX).required().description("The result in words: the ping body and the alert's reason"),
  method: Joi.string()
    .pattern(/^[A-Z]{1,10}$/)
    .max(10)
    .required(),
  at: instant.required().description("When it was judged; a time more than 5 minutes from the api's clock is replaced by the arrival time"),
  phases: Joi.object({
    dns_ms: phaseMs.allow(null).required(),
    connect_ms: phaseMs.allow(null).required(),
    tls_ms: phaseMs.allow(null).required(),
    first_byte_ms: phaseMs.allow(null).required(),
    total_ms: phaseMs.required(),
  }).required(),
  certificate: certificate.allow(null).required(),
});

/** What a private location's prober POSTs to /api/v1/prober/results (docs/locations.md). */
export const remoteProbeResultsSchema = Joi.object({
  results: Joi.array().items(remoteProbeResult).min(1).max(REMOTE_RESULTS_MAX).required(),
});

export interface RemoteProbeResult {
  check_id: string;
  scheduled_at: string;
  ok: boolean;
  warning: boolean;
  failure: (typeof FAILURE_KINDS)[number] | null;
  explanation: string;
  method: string;
  at: string;
  phases: { dns_ms: number | null; connect_ms: number | null; tls_ms: number | null; first_byte_ms: number | null; total_ms: number };
  certificate: { subject: string; issuer: string; sans: string[]; valid_from: string; valid_to: string; fingerprint256: string } | null;
}

/** Validates a results body (422 with every problem); ids come back lowercase. */
export function validateRemoteProbeResults(body: Record<string, unknown>): RemoteProbeResult[] {
  const { error, value } = remoteProbeResultsSchema.validate(body, BODY_OPTIONS);
  if (error) throw ApiError.validation(fieldErrorsOf(error));
  return (value as { results: RemoteProbeResult[] }).results.map((r) => ({ ...r, check_id: r.check_id.toLowerCase() }));
}
