import { httpConfigFromJson } from './http-config.js';
import { requestFailureKind } from '../common/request-failure.js';
import { classifyProbe, type ProbeObservation } from './http-judge.js';

const now = new Date('2026-11-22T12:00:00Z');
const cfg = (extra: Record<string, unknown> = {}) => httpConfigFromJson({ url: 'https://example.com/', ...extra });
const resp = (statusCode: number, body: string | null = 'hello ok', certificateValidTo: Date | null = null): ProbeObservation => ({
  kind: 'response',
  statusCode,
  body,
  certificateValidTo,
});
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);

describe('classifyProbe', () => {
  it('a 200 is ok', () => {
    expect(classifyProbe(cfg(), resp(200), now)).toEqual({ ok: true, warning: false, explanation: 'HTTP 200' });
  });

  it('an unexpected status names the expected codes', () => {
    expect(classifyProbe(cfg(), resp(503), now)).toEqual({ ok: false, warning: false, explanation: 'HTTP 503 (expected 2xx,3xx)' });
    expect(classifyProbe(cfg({ expected_codes: ['200'] }), resp(301), now).explanation).toBe('HTTP 301 (expected 200)');
  });

  it('keyword present / absent', () => {
    expect(classifyProbe(cfg({ keyword: 'ok' }), resp(200, 'all ok'), now).ok).toBe(true);
    expect(classifyProbe(cfg({ keyword: 'ok' }), resp(200, 'failure'), now)).toEqual({ ok: false, warning: false, explanation: 'keyword "ok" not found' });
    expect(classifyProbe(cfg({ keyword: 'error', keyword_absent: true }), resp(200, 'fine'), now).ok).toBe(true);
    expect(classifyProbe(cfg({ keyword: 'error', keyword_absent: true }), resp(200, 'an error'), now).explanation).toBe('keyword "error" found');
    expect(classifyProbe(cfg({ keyword: 'ok' }), resp(200, null), now).explanation).toBe('keyword "ok" not found (no body read)');
    expect(classifyProbe(cfg({ keyword: 'ok', keyword_absent: true }), resp(200, null), now).ok).toBe(true);
  });

  it('keyword is case-sensitive', () => {
    expect(classifyProbe(cfg({ keyword: 'OK' }), resp(200, 'ok'), now).ok).toBe(false);
  });

  it('status is judged before the keyword', () => {
    expect(classifyProbe(cfg({ keyword: 'ok' }), resp(500, 'nope'), now).explanation).toBe('HTTP 500 (expected 2xx,3xx)');
  });

  it('a certificate expiring within ssl_days_before is a warning with the date', () => {
    expect(classifyProbe(cfg(), resp(200, '', days(9.4)), now)).toEqual({
      ok: true,
      warning: true,
      explanation: 'HTTP 200, certificate expires 2026-12-01 (in 9 days)',
    });
    expect(classifyProbe(cfg(), resp(200, '', days(1.2)), now).explanation).toContain('(in 1 day)');
    expect(classifyProbe(cfg(), resp(200, '', days(14)), now).warning).toBe(true);
    expect(classifyProbe(cfg(), resp(200, '', days(14.01)), now).warning).toBe(false);
    expect(classifyProbe(cfg({ ssl_days_before: 30 }), resp(200, '', days(20)), now).warning).toBe(true);
    expect(classifyProbe(cfg({ ssl_days_before: 7 }), resp(200, '', days(8)), now).warning).toBe(false);
  });

  it('an expired certificate is a failure; a failing response wins over the warning', () => {
    expect(classifyProbe(cfg(), resp(200, '', days(-1)), now)).toEqual({ ok: false, warning: false, explanation: 'TLS error: certificate expired 2026-11-21' });
    expect(classifyProbe(cfg(), resp(500, '', days(3)), now).explanation).toBe('HTTP 500 (expected 2xx,3xx)');
  });

  it.each([
    ['timeout', 'x', 'timeout after 7 s'],
    ['refused', 'x', 'connection refused'],
    ['dns', 'ENOTFOUND nosuch.invalid', 'DNS error: ENOTFOUND nosuch.invalid'],
    ['tls', 'certificate has expired', 'TLS error: certificate has expired'],
    ['reset', 'x', 'connection reset'],
    ['blocked', 'blocked 127.0.0.1: loopback address', 'blocked 127.0.0.1: loopback address'],
    ['redirects', 'too many redirects (more than 5)', 'too many redirects (more than 5)'],
    ['other', 'boom', 'request failed: boom'],
  ] as const)('transport failure %s explains itself', (failure, detail, explanation) => {
    expect(classifyProbe(cfg({ timeout_sec: 7 }), { kind: 'failure', failure, detail }, now)).toEqual({ ok: false, warning: false, explanation });
  });
});

describe('requestFailureKind', () => {
  it.each([
    ['ENOTFOUND', 'dns'],
    ['EAI_AGAIN', 'dns'],
    ['ECONNREFUSED', 'refused'],
    ['ETIMEDOUT', 'timeout'],
    ['EOUTBOUNDBLOCKED', 'blocked'],
    ['ECONNRESET', 'reset'],
    ['ERR_TOO_MANY_REDIRECTS', 'redirects'],
    ['CERT_HAS_EXPIRED', 'tls'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'tls'],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'tls'],
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'tls'],
    ['ERR_TLS_CERT_ALTNAME_INVALID', 'tls'],
    ['EPROTO', 'other'],
    [undefined, 'other'],
  ] as const)('%s → %s', (code, kind) => {
    expect(requestFailureKind(code)).toBe(kind);
  });
});
