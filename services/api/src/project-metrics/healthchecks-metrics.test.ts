import { escapeLabelValue, healthchecksMetrics, uniqueKey, type MetricsCheck } from './healthchecks-metrics.js';

const check = (over: Partial<MetricsCheck>): MetricsCheck => ({
  id: 'b2d0c3a8-8e0f-4a7e-9c1b-2f1d7c5e9a01',
  name: 'n',
  tags: [],
  status: 'up',
  running: false,
  ...over,
});

test('unique_key is Healthchecks’ derivation: SHA-1 of the first 16 hex digits of the UUID', () => {
  // python3 -c "import hashlib; print(hashlib.sha1(b'b2d0c3a88e0f4a7e').hexdigest())"
  expect(uniqueKey('b2d0c3a8-8e0f-4a7e-9c1b-2f1d7c5e9a01')).toBe('c89ebacc0c2120caa50d46c49470adc42c2afc22');
  expect(uniqueKey('B2D0C3A8-8E0F-4A7E-0000-000000000000')).toBe('c89ebacc0c2120caa50d46c49470adc42c2afc22');
});

test('label values escape backslash, double quote and newline', () => {
  expect(escapeLabelValue('a\\b"c\nd')).toBe('a\\\\b\\"c\\nd');
});

test('every check state maps as Healthchecks does; tags and totals', () => {
  const checks = [
    check({ id: '00000000-0000-4000-8000-000000000001', name: 'up one', tags: ['db', 'prod'], status: 'up', running: true }),
    check({ id: '00000000-0000-4000-8000-000000000002', name: 'late "one"', tags: ['prod'], status: 'late' }),
    check({ id: '00000000-0000-4000-8000-000000000003', name: 'down\none', tags: ['db'], status: 'down' }),
    check({ id: '00000000-0000-4000-8000-000000000004', name: 'paused', tags: [], status: 'paused' }),
    check({ id: '00000000-0000-4000-8000-000000000005', name: 'new', tags: ['x\\y'], status: 'new' }),
  ];
  const text = healthchecksMetrics(checks);
  const labels = (i: number, name: string, tags: string) => `{name="${name}", tags="${tags}", unique_key="${uniqueKey(checks[i]!.id)}"}`;
  expect(text).toContain(`hc_check_up${labels(0, 'up one', 'db prod')} 1`);
  expect(text).toContain(`hc_check_started${labels(0, 'up one', 'db prod')} 1`);
  expect(text).toContain(`hc_check_up${labels(1, 'late \\"one\\"', 'prod')} 1`);
  expect(text).toContain(`hc_check_grace${labels(1, 'late \\"one\\"', 'prod')} 1`);
  expect(text).toContain(`hc_check_up${labels(2, 'down\\none', 'db')} 0`);
  expect(text).toContain(`hc_check_paused${labels(3, 'paused', '')} 1`);
  expect(text).toContain(`hc_check_up${labels(3, 'paused', '')} 1`);
  expect(text).toContain(`hc_check_up${labels(4, 'new', 'x\\\\y')} 1`);
  expect(text).toContain('hc_tag_up{tag="db"} 0\nhc_tag_up{tag="prod"} 1\nhc_tag_up{tag="x\\\\y"} 1\n');
  expect(text).toContain('# HELP hc_checks_total The total number of checks.\n# TYPE hc_checks_total gauge\nhc_checks_total 5\n');
  expect(text).toContain('hc_checks_down_total 1\n');
  expect(
    text
      .split('\n')
      .filter((l) => l.startsWith('hc_check_grace{'))
      .map((l) => l.slice(-1)),
  ).toEqual(['0', '1', '0', '0', '0']);
});

test('a project without checks still has every family, with zero totals', () => {
  const text = healthchecksMetrics([]);
  for (const name of ['hc_check_up', 'hc_check_started', 'hc_check_grace', 'hc_check_paused', 'hc_tag_up', 'hc_checks_total', 'hc_checks_down_total']) {
    expect(text).toContain(`# TYPE ${name} gauge`);
  }
  expect(text).toContain('hc_checks_total 0');
});
