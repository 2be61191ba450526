export { type HttpConfig, HTTP_CONFIG_DEFAULTS, httpConfigFromJson } from './http-config.js';
export { HTTP_CONFIG_SECRET_FIELDS, splitHttpConfig, joinHttpConfig, type SplitHttpConfig } from './http-config-secrets.js';
export { matchesExpectedCode } from './expected-codes.js';
export { probeSpreadMs } from './probe-spread.js';
export { nextProbeAt, probeSpreadRangeMs, isProbeSuperseded, MAX_CALENDAR_SPREAD_MS } from './next-probe-at.js';
export { classifyProbe, requestFailureKind, type ProbeObservation, type ProbeOutcome, type RequestFailureKind } from './probe-outcome.js';
