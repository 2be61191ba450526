import { conditionsFromJson } from '../conditions/condition-schema.js';
import type { ConditionType } from '../conditions/condition.js';
import { intIn, objectOf, stringOr } from '../common/read-json.js';
import type { BaseProbeConfig } from '../probe-kind.js';

export const RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS', 'SOA', 'SRV', 'CAA'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

export const DNS_CONDITION_TYPES: readonly ConditionType[] = ['response_time'];

/** Expected values per check, and the longest one. */
export const MAX_EXPECTED_VALUES = 20;
export const MAX_EXPECTED_LENGTH = 500;

/** A dns check's settings (the API's dns_config with defaults applied). */
export interface DnsConfig extends BaseProbeConfig {
  name: string;
  recordType: RecordType;
  /** `ip`, `ip:port` or `[ipv6]:port`; null: the prober's own resolvers. */
  resolver: string | null;
  /** Values the answer must hold; empty: any answer with at least one record. */
  expected: string[];
  /** any: one expected value is enough; all: every expected value must be in the answer. */
  match: 'any' | 'all';
}

export const DNS_CONFIG_DEFAULTS = { recordType: 'A', timeoutSec: 5, confirmations: 2, match: 'any' } as const;

/** Reads the stored dns_config with defaults; never throws. */
export function dnsConfigFromJson(raw: unknown): DnsConfig {
  const o = objectOf(raw);
  const type = typeof o.record_type === 'string' ? o.record_type.toUpperCase() : '';
  const expected = Array.isArray(o.expected) ? o.expected.filter((v): v is string => typeof v === 'string' && v.length <= MAX_EXPECTED_LENGTH) : [];
  return {
    name: stringOr(o.name, 253, ''),
    recordType: (RECORD_TYPES as readonly string[]).includes(type) ? (type as RecordType) : DNS_CONFIG_DEFAULTS.recordType,
    resolver: stringOr(o.resolver, 60, null) || null,
    expected: expected.slice(0, MAX_EXPECTED_VALUES),
    match: o.match === 'all' ? 'all' : 'any',
    timeoutSec: intIn(o.timeout_sec, 1, 30, DNS_CONFIG_DEFAULTS.timeoutSec),
    confirmations: intIn(o.confirmations, 1, 5, DNS_CONFIG_DEFAULTS.confirmations),
    conditions: conditionsFromJson(o.conditions, DNS_CONDITION_TYPES),
  };
}
