import { joinHttpConfig, splitHttpConfig } from './http-config-secrets.js';

describe('http_config secrets', () => {
  const full = {
    url: 'https://user:pw@example.com/health?token=abc',
    method: 'POST',
    timeout_sec: 5,
    expected_codes: ['2xx'],
    keyword: 'ok',
    keyword_absent: false,
    follow_redirects: false,
    headers: { Authorization: 'Bearer s3cret' },
    basic_auth: { username: 'u', password: 'p' },
    ssl_days_before: 7,
    confirmations: 3,
  };

  test('url, headers and basic_auth go to the secrets, the rest to the settings', () => {
    const { settings, secrets } = splitHttpConfig(full);
    expect(secrets).toEqual({ url: full.url, headers: full.headers, basic_auth: full.basic_auth });
    expect(settings).toEqual({
      method: 'POST',
      timeout_sec: 5,
      expected_codes: ['2xx'],
      keyword: 'ok',
      keyword_absent: false,
      follow_redirects: false,
      ssl_days_before: 7,
      confirmations: 3,
    });
    expect(JSON.stringify(settings)).not.toMatch(/s3cret|pw@|token=|"p"/);
  });

  test('join restores what split took apart', () => {
    const { settings, secrets } = splitHttpConfig(full);
    expect(joinHttpConfig(settings, secrets)).toEqual(full);
  });

  test('a config without optional secrets splits into url only', () => {
    expect(splitHttpConfig({ url: 'https://e.com', confirmations: 2 })).toEqual({ settings: { confirmations: 2 }, secrets: { url: 'https://e.com' } });
  });

  test('a row stored before the split (secrets inside the settings) still reads whole', () => {
    expect(joinHttpConfig(full, null)).toEqual(full);
  });

  test('decrypted secrets win over stale copies in the settings', () => {
    expect(joinHttpConfig({ url: 'https://old.example', confirmations: 2 }, { url: 'https://new.example' })).toEqual({
      url: 'https://new.example',
      confirmations: 2,
    });
  });

  test('missing or malformed halves read as empty', () => {
    expect(joinHttpConfig(null, undefined)).toEqual({});
    expect(joinHttpConfig([1, 2], 'x')).toEqual({});
  });
});
