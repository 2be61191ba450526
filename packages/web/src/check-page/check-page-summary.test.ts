import { excerptOf, lastFailureOf, EXCERPT_LINES } from './last-failure.js';
import { probeTargetFacts } from './probe-target.js';
import { statusSince } from './status-since.js';

const base = { probed: false, status: 'down', flipReason: 'fail', lastPingAt: '2026-11-27T02:10:00.000Z', createdAt: '2026-11-01T00:00:00.000Z' };
const ping = (type: string, extra: Partial<{ exitStatus: number; body: string; note: string }> = {}) => ({
  ts: '2026-11-27T02:14:00.000Z',
  type,
  exitStatus: extra.exitStatus ?? null,
  note: extra.note ?? null,
  body: extra.body ?? null,
});

describe('lastFailureOf', () => {
  test('a heartbeat down for lack of pings says since when nothing came', () => {
    expect(lastFailureOf({ ...base, flipReason: 'timeout', pings: [ping('fail')] })).toEqual({ at: base.lastPingAt, words: 'No ping since', excerpt: null });
    expect(lastFailureOf({ ...base, flipReason: 'timeout', lastPingAt: null, pings: [] })?.words).toBe('No ping ever arrived; created');
  });

  test('an exit ping gives its status and the first lines of its body', () => {
    const body = Array.from({ length: 9 }, (_, i) => `line ${i}`).join('\r\n');
    const f = lastFailureOf({ ...base, flipReason: 'exit', pings: [ping('success'), ping('exit', { exitStatus: 3, body }), ping('fail')] });
    expect(f?.words).toBe('The job exited with status 3');
    expect(f?.excerpt?.split('\n')).toHaveLength(EXCERPT_LINES + 1);
    expect(f?.excerpt?.endsWith('line 4\n…')).toBe(true);
  });

  test('exit 0 is no failure; /fail and a short run are', () => {
    expect(lastFailureOf({ ...base, status: 'up', pings: [ping('exit', { exitStatus: 0 })] })).toBeNull();
    expect(lastFailureOf({ ...base, pings: [ping('fail')] })?.words).toBe('The job reported a failure (/fail)');
    expect(lastFailureOf({ ...base, pings: [ping('success', { note: 'run shorter than its minimum (2 s < 5 s)' })] })?.words).toBe(
      'run shorter than its minimum (2 s < 5 s)',
    );
  });

  test("a probe's failure is its explanation", () => {
    const f = lastFailureOf({ ...base, probed: true, flipReason: 'fail', pings: [ping('fail', { body: 'HTTP 503 (expected 2xx, 3xx)' })] });
    expect(f).toEqual({ at: '2026-11-27T02:14:00.000Z', words: 'HTTP 503 (expected 2xx, 3xx)', excerpt: null });
  });

  test('excerpts are bounded and blank bodies give none', () => {
    expect(excerptOf('   \n ')).toBeNull();
    expect(excerptOf('x'.repeat(1000))).toHaveLength(402);
  });
});

test('statusSince: the newest flip to the current status, else creation', () => {
  const now = new Date('2026-11-27T05:26:00Z');
  expect(statusSince({ status: 'down', createdAt: base.createdAt, newestFlip: { ts: '2026-11-27T02:14:00Z', new_status: 'down' }, now })).toEqual({
    since: '2026-11-27T02:14:00Z',
    forText: '3 h 12 min',
  });
  expect(statusSince({ status: 'new', createdAt: '2026-11-27T05:25:00Z', newestFlip: null, now }).forText).toBe('1 min');
});

test('probeTargetFacts: the target first, then what is expected', () => {
  expect(probeTargetFacts({ kind: 'http', config: { url: 'https://example.com/health', keyword: 'ok' } }, { showQuery: true })).toEqual([
    { label: 'URL', value: 'https://example.com/health' },
    { label: 'Method', value: 'GET' },
    { label: 'Expected status codes', value: '2xx, 3xx' },
    { label: 'Keyword', value: 'ok' },
    { label: 'Timeout', value: '10 s' },
  ]);
  expect(probeTargetFacts({ kind: 'tcp', config: { host: '::1', port: 25 } }, { showQuery: true })[0]?.value).toBe('[::1]:25');
  expect(probeTargetFacts({ kind: 'dns', config: { name: 'example.com', record_type: 'MX' } }, { showQuery: true }).slice(0, 2)).toEqual([
    { label: 'Name', value: 'example.com' },
    { label: 'Record type', value: 'MX' },
  ]);
  expect(probeTargetFacts({ kind: 'tls', config: { host: 'example.com' } }, { showQuery: true })[0]?.value).toBe('example.com:443');
  expect(probeTargetFacts({ kind: 'heartbeat', config: null }, { showQuery: true })).toEqual([]);
});
