import { isIP } from 'node:net';
import { conditionsFromJson } from '../conditions/condition-schema.js';
import type { ConditionType } from '../conditions/condition.js';
import { intIn, objectOf, stringOr } from '../common/read-json.js';
import type { BaseProbeConfig } from '../probe-kind.js';

export const TLS_CONDITION_TYPES: readonly ConditionType[] = ['response_time', 'certificate_days'];

/** A tls check's settings (the API's tls_config with defaults applied). */
export interface TlsConfig extends BaseProbeConfig {
  host: string;
  port: number;
  /** SNI; null: the host when it is a name. */
  sni: string | null;
  /** Fails when the certificate expires within this many days (0: only once expired). */
  daysBeforeExpiry: number;
}

export const TLS_CONFIG_DEFAULTS = { port: 443, timeoutSec: 10, confirmations: 2, daysBeforeExpiry: 14 } as const;

/** Reads the stored tls_config with defaults; never throws. */
export function tlsConfigFromJson(raw: unknown): TlsConfig {
  const o = objectOf(raw);
  const sni = stringOr(o.sni, 253, null);
  return {
    host: stringOr(o.host, 253, ''),
    port: intIn(o.port, 1, 65535, TLS_CONFIG_DEFAULTS.port),
    sni: sni && !isIP(sni) ? sni : null,
    daysBeforeExpiry: intIn(o.days_before_expiry, 0, 365, TLS_CONFIG_DEFAULTS.daysBeforeExpiry),
    timeoutSec: intIn(o.timeout_sec, 1, 30, TLS_CONFIG_DEFAULTS.timeoutSec),
    confirmations: intIn(o.confirmations, 1, 5, TLS_CONFIG_DEFAULTS.confirmations),
    conditions: conditionsFromJson(o.conditions, TLS_CONDITION_TYPES),
  };
}
