import { isIP } from 'node:net';
import { conditionsFromJson } from '../conditions/condition-schema.js';
import type { ConditionType } from '../conditions/condition.js';
import { intIn, objectOf, stringOr } from '../common/read-json.js';
import type { BaseProbeConfig } from '../probe-kind.js';

export const TCP_CONDITION_TYPES: readonly ConditionType[] = ['response_time', 'certificate_days'];

/** Bytes a probe may send, and the longest text it may wait for. */
export const MAX_SEND_BYTES = 4096;
export const MAX_EXPECT_LENGTH = 1000;

/** A tcp check's probe settings (the API's tcp_config with defaults applied). */
export interface TcpConfig extends BaseProbeConfig {
  host: string;
  port: number;
  /** Speak TLS after connecting (verified like https: chain, name, expiry). */
  tls: boolean;
  /** TLS server name; null: the host when it is a name. */
  sni: string | null;
  /** Sent once connected (and after TLS); null: nothing. */
  send: Buffer | null;
  /** Text that must arrive (after `send`); null: connecting is enough. */
  expect: string | null;
  /** With TLS: a certificate expiring within this many days makes the check late. */
  sslDaysBefore: number;
}

export const TCP_CONFIG_DEFAULTS = { timeoutSec: 10, confirmations: 2, sslDaysBefore: 14 } as const;

/** `send` as stored: text, or hex when `send_format` is hex. */
function sendBytes(send: unknown, format: unknown): Buffer | null {
  if (typeof send !== 'string' || send.length === 0) return null;
  const bytes = format === 'hex' ? Buffer.from(send.replace(/\s+/g, ''), 'hex') : Buffer.from(send, 'utf8');
  return bytes.length > 0 ? bytes.subarray(0, MAX_SEND_BYTES) : null;
}

/** Reads the stored tcp_config (snake_case, as the API accepts it) with defaults; never throws. */
export function tcpConfigFromJson(raw: unknown): TcpConfig {
  const o = objectOf(raw);
  const host = stringOr(o.host, 253, '');
  const sni = stringOr(o.sni, 253, null);
  return {
    host,
    port: intIn(o.port, 1, 65535, 0),
    tls: o.tls === true,
    sni: sni && !isIP(sni) ? sni : null,
    send: sendBytes(o.send, o.send_format),
    expect: stringOr(o.expect, MAX_EXPECT_LENGTH, null) || null,
    timeoutSec: intIn(o.timeout_sec, 1, 30, TCP_CONFIG_DEFAULTS.timeoutSec),
    confirmations: intIn(o.confirmations, 1, 5, TCP_CONFIG_DEFAULTS.confirmations),
    sslDaysBefore: intIn(o.ssl_days_before, 0, 365, TCP_CONFIG_DEFAULTS.sslDaysBefore),
    conditions: conditionsFromJson(o.conditions, TCP_CONDITION_TYPES),
  };
}
