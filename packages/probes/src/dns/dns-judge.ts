import { failed, judgeRest, type Judgement } from '../common/outcome.js';
import type { RequestFailureKind } from '../common/request-failure.js';
import type { DnsConfig } from './dns-config.js';
import type { DnsObservation } from './dns-probe.js';
import { recordMatches } from './dns-records.js';

/** Records named in a ping body; the rest are counted. */
const SHOWN_RECORDS = 10;

/** Codes that mean "no public records" (noPublicRecords): an answer, not a failure to get one. */
const NO_PUBLIC_RECORDS_CODES = ['ENOTFOUND', 'ENODATA', 'ENONPUBLIC'];

/**
 * The failure kind of a DNS error (metrics): timeouts and refusals by the guard apart from DNS
 * errors; none when the resolver answered. "No such name" included: it must read exactly as an
 * answer of only non-public records does (noPublicRecords).
 */
export function dnsFailureKind(code: string): RequestFailureKind | null {
  if (NO_PUBLIC_RECORDS_CODES.includes(code)) return null;
  if (code === 'ETIMEOUT' || code === 'ETIMEDOUT') return 'timeout';
  if (code === 'EOUTBOUNDBLOCKED') return 'blocked';
  return 'dns';
}

/**
 * No such name, no records of the type, only non-public ones, or a non-public name not asked: one
 * answer, so that a public prober does not tell whether a name exists inside the operator's network.
 */
const noPublicRecords = (config: DnsConfig) =>
  `no public ${config.recordType} records for ${config.name} (no such name, none of this type, or only non-public ones)`;

function errorInWords(config: DnsConfig, code: string, detail: string): string {
  switch (code) {
    case 'ENOTFOUND':
    case 'ENODATA':
    case 'ENONPUBLIC':
      return noPublicRecords(config);
    case 'ESERVFAIL':
      return 'DNS error: the resolver failed to answer (SERVFAIL)';
    case 'EREFUSED':
      return 'DNS error: the resolver refused the query (REFUSED)';
    case 'ETIMEOUT':
    case 'ETIMEDOUT':
      return `timeout after ${config.timeoutSec} s`;
    case 'ECONNREFUSED':
      return 'DNS error: connection refused by the resolver';
    case 'EOUTBOUNDBLOCKED':
    case 'EBADRESOLVER':
      return detail;
    default:
      return `DNS error: ${code} ${detail}`.trim();
  }
}

/**
 * Judges a dns probe: an error (no public records, resolver failure, timeout), then the expected
 * values (any: one of them in the answer; all: each of them), then the conditions. Non-public
 * records (isNonPublicRecord) are never shown and never match an expected value, and an answer of
 * only such records reads as no answer at all: what a name means inside our network is not for
 * users to learn from ping bodies or from a check's state.
 */
export function judgeDns(config: DnsConfig, obs: DnsObservation, responseTimeMs: number, now: Date): Judgement {
  if (obs.kind === 'error') return failed(errorInWords(config, obs.code, obs.detail));
  const records = obs.records;
  const publicRecords = records.filter((r) => !r.hidden);
  if (publicRecords.length === 0) return failed(noPublicRecords(config));
  const addresses = config.recordType === 'A' || config.recordType === 'AAAA';
  const shown = records.slice(0, SHOWN_RECORDS).map((r) => (r.hidden ? (addresses ? 'a non-public address' : 'a non-public name') : r.text));
  const more = records.length > SHOWN_RECORDS ? ` and ${records.length - SHOWN_RECORDS} more` : '';
  const answer = `${config.recordType} ${config.name}: ${shown.join(', ')}${more}`;
  if (config.expected.length > 0) {
    const present = config.expected.filter((e) => publicRecords.some((r) => recordMatches(config.recordType, e, r)));
    if (config.match === 'any' && present.length === 0) return failed(`${answer} (expected any of: ${config.expected.join(', ')})`);
    if (config.match === 'all' && present.length < config.expected.length) {
      const missing = config.expected.filter((e) => !present.includes(e));
      return failed(`${answer} (expected all of: ${config.expected.join(', ')}; missing ${missing.join(', ')})`);
    }
  }
  return judgeRest(answer, config.conditions, { responseTimeMs }, null, now, null);
}
