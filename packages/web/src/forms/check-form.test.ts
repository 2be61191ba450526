import { validateCheckInput, ApiError } from '@upmon/domain';
import { CHECK_FORM_DEFAULTS, checkBodyFromForm, formValuesOf, formValuesOfCheck } from './check-form.js';

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
      depends_on: [],
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

describe('dependencies in the check form', () => {
  const a = '5b3c9d9e-6f7c-4a53-9a6c-2f0d1f1e9a10';
  const b = '0b8e1a52-54c4-4ea4-9d2e-6d2d0e0f0a01';
  test('the ticked checkboxes become depends_on; none ticked: none', () => {
    expect(checkBodyFromForm({ ...CHECK_FORM_DEFAULTS, name: 'x', depends_on: [a, b] }, 'heartbeat', { create: false }).body.depends_on).toEqual([a, b]);
    expect(checkBodyFromForm({ ...CHECK_FORM_DEFAULTS, name: 'x', depends_on: a }, 'http', { create: true }).body.depends_on).toEqual([a]);
    const { depends_on: _none, ...noneTicked } = CHECK_FORM_DEFAULTS;
    expect(checkBodyFromForm({ ...noneTicked, name: 'x' }, 'heartbeat', { create: false }).body.depends_on).toEqual([]);
  });

  test('a stored check and a submitted form keep them, space-separated, to show the form again', () => {
    expect(formValuesOf({ name: 'x', depends_on: [a, b] }).depends_on).toBe(`${a} ${b}`);
    expect(formValuesOfCheck({ ...stored, dependsOn: [b] }).depends_on).toBe(b);
    expect(formValuesOfCheck(stored).depends_on).toBe('');
  });

  const stored = {
    name: 'x',
    slug: null,
    description: null,
    tags: [],
    tz: 'UTC',
    graceSec: 60,
    minRunSec: null,
    scheduleKind: 'period',
    periodSec: 60,
    cron: null,
    oncalendar: null,
    httpConfig: null,
  };
});
