import { Type, type Static } from '@sinclair/typebox';
import { anyDateTime, nullable, nullableObject, oneOfValues, responseObject } from '../validation/response-schema.js';

/** Mean phases of answered probes (docs/probe-checks.md, "Response times"). */
const phases = nullableObject(
  { dns_ms: Type.Integer(), connect_ms: Type.Integer(), tls_ms: Type.Integer(), first_byte_ms: Type.Integer() },
  { description: 'Mean phases of the answered probes, in ms (a phase a probe did not have counts as 0); null without any.' },
);

/** A probed check's response times over a range (`presentResponseTimes`). */
export const ResponseTimesResponse = responseObject({
  range: oneOfValues(['24h', '7d', '30d']),
  from: anyDateTime(),
  to: anyDateTime(),
  step_minutes: Type.Integer(),
  p50_ms: nullable('integer'),
  p95_ms: nullable('integer'),
  phases,
  points: Type.Array(
    responseObject({
      start: anyDateTime(),
      probes: Type.Integer(),
      failures: Type.Integer(),
      p50_ms: nullable('integer'),
      p95_ms: nullable('integer'),
      avg_ms: nullable('integer'),
      max_ms: nullable('integer'),
      phases,
    }),
  ),
});
export type ResponseTimesResponse = Static<typeof ResponseTimesResponse>;

/** The certificate a TLS-speaking check's server presented last (`presentCertificate`). */
export const CertificateResponse = responseObject({
  subject: Type.String(),
  issuer: Type.String(),
  sans: Type.Array(Type.String()),
  valid_from: anyDateTime(),
  valid_to: anyDateTime(),
  days_left: Type.Integer(),
  fingerprint256: Type.String(),
  observed_at: anyDateTime(),
});
export type CertificateResponse = Static<typeof CertificateResponse>;
