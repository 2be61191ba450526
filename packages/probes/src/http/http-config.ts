import { conditionsFromJson } from '../conditions/condition-schema.js';
import type { Condition, ConditionType } from '../conditions/condition.js';
import { intIn, objectOf } from '../common/read-json.js';

/** The conditions an http probe can answer. */
export const HTTP_CONDITION_TYPES: readonly ConditionType[] = ['status_code', 'json_body', 'header', 'response_time', 'certificate_days'];

/** An http check's probe settings (the API's http_config with defaults applied). */
export interface HttpConfig {
  url: string;
  method: 'GET' | 'HEAD' | 'POST';
  timeoutSec: number;
  /** Exact codes ('200') or class patterns ('2xx'). */
  expectedCodes: string[];
  keyword: string | null;
  keywordAbsent: boolean;
  followRedirects: boolean;
  headers: Record<string, string>;
  basicAuth: { username: string; password: string } | null;
  sslDaysBefore: number;
  confirmations: number;
  conditions: Condition[];
}

export const HTTP_CONFIG_DEFAULTS = {
  method: 'GET',
  timeoutSec: 10,
  expectedCodes: ['2xx', '3xx'],
  keywordAbsent: false,
  followRedirects: true,
  sslDaysBefore: 14,
  confirmations: 2,
} as const;

const METHODS = ['GET', 'HEAD', 'POST'] as const;

/**
 * Reads the stored http_config JSON (snake_case, as the API accepts it) and applies defaults.
 * Defensive: anything missing or malformed falls back to its default instead of failing the probe,
 * because the API validated it on the way in and an old row must not stop monitoring.
 */
export function httpConfigFromJson(raw: unknown): HttpConfig {
  const o = objectOf(raw);
  const method = typeof o.method === 'string' ? o.method.toUpperCase() : '';
  const codes = Array.isArray(o.expected_codes) ? o.expected_codes.filter((c): c is string => typeof c === 'string') : [];
  const headers: Record<string, string> = {};
  if (o.headers && typeof o.headers === 'object') {
    for (const [k, v] of Object.entries(o.headers as Record<string, unknown>)) if (typeof v === 'string') headers[k] = v;
  }
  const auth = o.basic_auth as { username?: unknown; password?: unknown } | null | undefined;
  return {
    url: typeof o.url === 'string' ? o.url : '',
    method: (METHODS as readonly string[]).includes(method) ? (method as HttpConfig['method']) : HTTP_CONFIG_DEFAULTS.method,
    timeoutSec: intIn(o.timeout_sec, 1, 30, HTTP_CONFIG_DEFAULTS.timeoutSec),
    expectedCodes: codes.length > 0 ? codes : [...HTTP_CONFIG_DEFAULTS.expectedCodes],
    keyword: typeof o.keyword === 'string' && o.keyword.length > 0 ? o.keyword : null,
    keywordAbsent: o.keyword_absent === true,
    followRedirects: typeof o.follow_redirects === 'boolean' ? o.follow_redirects : HTTP_CONFIG_DEFAULTS.followRedirects,
    headers,
    basicAuth:
      auth && typeof auth === 'object' && typeof auth.username === 'string'
        ? { username: auth.username, password: typeof auth.password === 'string' ? auth.password : '' }
        : null,
    sslDaysBefore: typeof o.ssl_days_before === 'number' && o.ssl_days_before >= 0 ? o.ssl_days_before : HTTP_CONFIG_DEFAULTS.sslDaysBefore,
    confirmations: intIn(o.confirmations, 1, 5, HTTP_CONFIG_DEFAULTS.confirmations),
    conditions: conditionsFromJson(o.conditions, HTTP_CONDITION_TYPES),
  };
}
