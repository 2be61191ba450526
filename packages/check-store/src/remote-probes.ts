import Joi from 'joi';
import { isProbedKind, PROBED_KINDS } from '@upmon/core';
import { probeKind, type ProbeReport } from '@upmon/probes';
import type { ProbeTarget } from './probe-targets.js';

/**
 * The wire forms of a remote location's probes (docs/locations.md, "Results of remote locations"):
 * the scheduler puts each probe's target in its job (`encodeProbeTarget`), the location's prober
 * (PROBER_RESULTS=queue, no database) probes it and adds the outcome to its results queue
 * (`encodeProbeOutcome`), and the scheduler's consumer records it (`decodeProbeOutcome`). JSON in
 * base64; both directions are validated when read.
 */

const base64 = (doc: unknown) => Buffer.from(JSON.stringify(doc)).toString('base64');

function parse<T>(what: string, schema: Joi.Schema, text: string): T {
  let doc: unknown;
  try {
    doc = JSON.parse(Buffer.from(text, 'base64').toString('utf8'));
  } catch {
    throw new Error(`${what} is not base64 JSON`);
  }
  const { value, error } = schema.validate(doc);
  if (error) throw new Error(`invalid ${what}: ${error.message}`);
  return value as T;
}

const TEXT = Joi.string().max(2000);
const INSTANT = Joi.string().isoDate().max(40);

interface TargetWire {
  kind: string;
  config: unknown;
  schedule: ProbeTarget['schedule'];
  knownCertificate: { fingerprint256: string; observedAt: string } | null;
}

const TARGET = Joi.object({
  kind: Joi.string()
    .valid(...PROBED_KINDS)
    .required(),
  config: Joi.object().unknown(true).required(),
  schedule: Joi.object({
    kind: Joi.string().valid('period', 'cron', 'oncalendar').required(),
    periodSec: Joi.number().integer().positive(),
    cron: TEXT,
    oncalendar: TEXT,
    tz: Joi.string().max(100).required(),
  }).required(),
  knownCertificate: Joi.object({ fingerprint256: Joi.string().max(200).required(), observedAt: INSTANT.required() })
    .allow(null)
    .required(),
});

/** A probe's target for its job, or null when it has no readable config (the probe is not sent). */
export function encodeProbeTarget(target: ProbeTarget): string | null {
  if (!target.definition || target.configJson === null) return null;
  const wire: TargetWire = {
    kind: target.definition.kind,
    config: target.configJson,
    schedule: target.schedule,
    knownCertificate: target.knownCertificate
      ? { fingerprint256: target.knownCertificate.fingerprint256, observedAt: target.knownCertificate.observedAt.toISOString() }
      : null,
  };
  return base64(wire);
}

/** The target a job carries for check `checkId`. Throws a clear error on a malformed one. */
export function decodeProbeTarget(checkId: string, text: string): ProbeTarget {
  const wire = parse<TargetWire>('probe target', TARGET, text);
  if (!isProbedKind(wire.kind)) throw new Error(`invalid probe target: kind ${wire.kind}`);
  const definition = probeKind(wire.kind);
  return {
    id: checkId,
    kind: wire.kind,
    status: 'up',
    schedule: wire.schedule,
    definition,
    config: definition.fromJson(wire.config),
    configJson: wire.config,
    unreadable: null,
    knownCertificate: wire.knownCertificate
      ? { fingerprint256: wire.knownCertificate.fingerprint256, observedAt: new Date(wire.knownCertificate.observedAt) }
      : null,
  };
}

/** What a remote prober reports of one probe. */
export interface ProbeOutcome {
  report: ProbeReport;
  keepCertificate: boolean;
  /** The prober's PROBER_USER_AGENT (the ping's user agent). */
  userAgent: string;
}

const MS = Joi.number().integer().min(0).max(86_400_000).allow(null).required();
const OUTCOME = Joi.object({
  report: Joi.object({
    ok: Joi.boolean().required(),
    warning: Joi.boolean().required(),
    explanation: Joi.string().allow('').max(10_000).required(),
    failedConditions: Joi.array().items(TEXT.allow('')).max(100).required(),
    phases: Joi.object({ dnsMs: MS, connectMs: MS, tlsMs: MS, firstByteMs: MS, totalMs: Joi.number().integer().min(0).max(86_400_000).required() }).required(),
    certificate: Joi.object({
      subject: TEXT.allow('').required(),
      issuer: TEXT.allow('').required(),
      sans: Joi.array().items(TEXT).max(100).required(),
      validFrom: INSTANT.required(),
      validTo: INSTANT.required(),
      fingerprint256: Joi.string().max(200).required(),
    })
      .allow(null)
      .required(),
    failure: Joi.string().valid('dns', 'refused', 'timeout', 'tls', 'blocked', 'reset', 'redirects', 'other').allow(null).required(),
    method: Joi.string().max(20).required(),
    at: Joi.date().iso().required(),
  }).required(),
  keepCertificate: Joi.boolean().required(),
  userAgent: Joi.string().max(200).required(),
});

export function encodeProbeOutcome(outcome: ProbeOutcome): string {
  return base64(outcome);
}

/** A result job's outcome (its report's `at` a Date again). Throws a clear error on a malformed one. */
export function decodeProbeOutcome(text: string): ProbeOutcome {
  return parse<ProbeOutcome>('probe result', OUTCOME, text);
}
