import { httpConfigFromJson } from './http-config.js';

describe('httpConfigFromJson', () => {
  it('applies the spec defaults to a minimal config', () => {
    expect(httpConfigFromJson({ url: 'https://example.com/' })).toEqual({
      url: 'https://example.com/',
      method: 'GET',
      timeoutSec: 10,
      expectedCodes: ['2xx', '3xx'],
      keyword: null,
      keywordAbsent: false,
      followRedirects: true,
      headers: {},
      basicAuth: null,
      sslDaysBefore: 14,
      confirmations: 2,
      conditions: [],
    });
  });

  it('reads every field', () => {
    expect(
      httpConfigFromJson({
        url: 'http://x/',
        method: 'post',
        timeout_sec: 3,
        expected_codes: ['200'],
        keyword: 'ok',
        keyword_absent: true,
        follow_redirects: false,
        headers: { 'X-A': '1', bad: 2 },
        basic_auth: { username: 'u', password: 'p' },
        ssl_days_before: 30,
        confirmations: 5,
      }),
    ).toEqual({
      url: 'http://x/',
      method: 'POST',
      timeoutSec: 3,
      expectedCodes: ['200'],
      keyword: 'ok',
      keywordAbsent: true,
      followRedirects: false,
      headers: { 'X-A': '1' },
      basicAuth: { username: 'u', password: 'p' },
      sslDaysBefore: 30,
      confirmations: 5,
      conditions: [],
    });
  });

  it('falls back to defaults on malformed values and on null/garbage input', () => {
    const c = httpConfigFromJson({ method: 'DELETE', timeout_sec: 99, expected_codes: [], confirmations: 0, follow_redirects: 'yes', keyword: '' });
    expect(c).toMatchObject({ method: 'GET', timeoutSec: 10, expectedCodes: ['2xx', '3xx'], confirmations: 2, followRedirects: true, keyword: null });
    expect(httpConfigFromJson(null).url).toBe('');
    expect(httpConfigFromJson('nope').method).toBe('GET');
  });
});
