import { failed, judgeRest, type Judgement } from '../common/outcome.js';
import type { RequestFailureKind } from '../common/request-failure.js';
import type { DnsConfig } from './dns-config.js';
import type { DnsObservation } from './dns-probe.js';
import { recordMatches } from './dns-records.js';

/** Records named in a ping body; the rest are counted. */
const SHOWN_RECORDS = 10;

/** The failure kind of a DNS error (metrics): timeouts and refusals by the guard apart from DNS errors. */
export function dnsFailureKind(code: string): RequestFailureKind {
  if (code === 'ETIMEOUT' || code === 'ETIMEDOUT') return 'timeout';
  if (code === 'EOUTBOUNDBLOCKED') return 'blocked';
  return 'dns';
}

function errorInWords(config: DnsConfig, code: string, detail: string): string {
  switch (code) {
    case 'ENOTFOUND':
      return `DNS error: ${config.name} does not exist (NXDOMAIN)`;
    case 'ENODATA':
      return `no ${config.recordType} records for ${config.name}`;
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
 * Judges a dns probe: an error (no such name, no records of the type, resolver failure,
 * timeout), then the expected values (any: one of them in the answer; all: each of them), then
 * the conditions. Addresses the outbound guard would refuse are shown only when expected: what a
 * name resolves to inside our network is not for users to learn from ping bodies.
 */
export function judgeDns(config: DnsConfig, obs: DnsObservation, responseTimeMs: number, now: Date): Judgement {
  if (obs.kind === 'error') return failed(errorInWords(config, obs.code, obs.detail));
  const records = obs.records;
  if (records.length === 0) return failed(`no ${config.recordType} records for ${config.name}`);
  const expectedOf = (r: (typeof records)[number]) => config.expected.some((e) => recordMatches(config.recordType, e, r));
  const shown = records.slice(0, SHOWN_RECORDS).map((r) => (r.hidden && !expectedOf(r) ? 'a non-public address' : r.text));
  const more = records.length > SHOWN_RECORDS ? ` and ${records.length - SHOWN_RECORDS} more` : '';
  const answer = `${config.recordType} ${config.name}: ${shown.join(', ')}${more}`;
  if (config.expected.length > 0) {
    const present = config.expected.filter((e) => records.some((r) => recordMatches(config.recordType, e, r)));
    if (config.match === 'any' && present.length === 0) return failed(`${answer} (expected any of: ${config.expected.join(', ')})`);
    if (config.match === 'all' && present.length < config.expected.length) {
      const missing = config.expected.filter((e) => !present.includes(e));
      return failed(`${answer} (expected all of: ${config.expected.join(', ')}; missing ${missing.join(', ')})`);
    }
  }
  return judgeRest(answer, config.conditions, { responseTimeMs }, null, now, null);
}
