import { validateCheckInput } from '../../v1/validation/check-input.js';
import { ApiError } from '../../http/api-error.js';
import { CHECK_FORM_DEFAULTS, checkBodyFromForm } from './check-form.js';

describe('checkBodyFromForm', () => {
  test('a heartbeat form becomes the API body the API accepts', () => {
    const { body, errors } = checkBodyFromForm({ ...CHECK_FORM_DEFAULTS, name: ' backup ', tags: 'prod, db  nightly', slug: 'backup' }, 'heartbeat', {
      create: true,
    });
    expect(errors).toEqual({});
    expect(body).toEqual({
      name: 'backup',
      kind: 'heartbeat',
      slug: 'backup',
      description: null,
      tags: ['prod', 'db', 'nightly'],
      tz: 'UTC',
      grace_sec: 300,
      min_run_sec: null,
      schedule: { kind: 'period', period_sec: 3600 },
    });
    expect(validateCheckInput(body).schedule).toEqual({ kind: 'period', period_sec: 3600 });
  });

  test('minimum run time: a number for heartbeats (empty: none), never sent for http checks', () => {
    expect(checkBodyFromForm({ ...CHECK_FORM_DEFAULTS, name: 'x', min_run_sec: ' 90 ' }, 'heartbeat', { create: false }).body.min_run_sec).toBe(90);
    expect(checkBodyFromForm({ ...CHECK_FORM_DEFAULTS, name: 'x', min_run_sec: '1m' }, 'heartbeat', { create: false }).body.min_run_sec).toBe('1m');
    expect(checkBodyFromForm({ ...CHECK_FORM_DEFAULTS, name: 'x', min_run_sec: '90' }, 'http', { create: true }).body).not.toHaveProperty('min_run_sec');
  });

  test('non-numbers reach the API as typed, so its message names the field', () => {
    const { body } = checkBodyFromForm({ ...CHECK_FORM_DEFAULTS, name: 'x', 'schedule.period_sec': '1h', grace_sec: '' }, 'heartbeat', { create: false });
    try {
      validateCheckInput(body);
      throw new Error('expected 422');
    } catch (err) {
      expect((err as ApiError).options.errors).toEqual({ 'schedule.period_sec': ['must be a number'], grace_sec: ['is required'] });
    }
  });

  test('an http form carries every http_config field', () => {
    const { body, errors } = checkBodyFromForm(
      {
        ...CHECK_FORM_DEFAULTS,
        name: 'site',
        'http_config.url': 'https://example.com/health',
        'http_config.method': 'HEAD',
        'http_config.keyword': 'ok',
        'http_config.keyword_absent': '1',
        'http_config.follow_redirects': '',
        'http_config.headers': 'X-Token: abc\r\nAccept: text/plain',
        'http_config.basic_auth.username': 'u',
        'http_config.basic_auth.password': 'p',
        'http_config.expected_codes': '200,204',
        'http_config.ssl_days_before': '30',
        'http_config.confirmations': '3',
        'http_config.timeout_sec': '5',
      },
      'http',
      { create: true },
    );
    expect(errors).toEqual({});
    expect(body.http_config).toEqual({
      url: 'https://example.com/health',
      method: 'HEAD',
      timeout_sec: 5,
      expected_codes: ['200', '204'],
      keyword: 'ok',
      keyword_absent: true,
      follow_redirects: false,
      headers: { 'X-Token': 'abc', Accept: 'text/plain' },
      basic_auth: { username: 'u', password: 'p' },
      ssl_days_before: 30,
      confirmations: 3,
    });
    expect(() => validateCheckInput(body)).not.toThrow();
  });

  test('malformed header lines are reported on the field', () => {
    const { errors } = checkBodyFromForm({ ...CHECK_FORM_DEFAULTS, name: 'x', 'http_config.headers': 'X-Ok: 1\nnot a header' }, 'http', { create: true });
    expect(errors).toEqual({ 'http_config.headers': ['line 2 must be "Name: value"'] });
  });
});
