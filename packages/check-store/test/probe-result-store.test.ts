import { createCipher } from '@upmon/crypto';
import type { ProbeReport } from '@upmon/probes';
import { makeCheck, openFlipCause, openTestStore, TEST_ENCRYPTION_KEY, type TestStore } from '@upmon/testing';
import { ProbeResultStore } from '../src/probe-result-store.js';

// A probed check's flip keeps the results that decided it (flips.cause, docs/notifications.md):
// its alerts must not guess them from pings stored around the flip's time.
let store: TestStore;
let results: ProbeResultStore;

const LOCATIONS = ['ap', 'eu', 'us'];
const T0 = Date.parse('2026-11-27T12:00:00.000Z');
const at = (sec: number) => new Date(T0 + sec * 1000);

beforeAll(async () => {
  store = await openTestStore();
  results = new ProbeResultStore({
    pool: store.pool,
    cipher: createCipher(TEST_ENCRYPTION_KEY),
    userAgent: 'upmon-test',
    flipMetrics: { committed: () => undefined, deadlineLag: () => undefined },
    publicLocations: LOCATIONS,
  });
});
afterAll(() => store.close());

const report = (ok: boolean, explanation: string, sec: number): ProbeReport => ({
  ok,
  warning: false,
  explanation,
  failedConditions: [],
  phases: { totalMs: 20, dnsMs: null, connectMs: 5, tlsMs: null, firstByteMs: ok ? 15 : null },
  certificate: null,
  failure: ok ? null : 'other',
  method: 'GET',
  at: at(sec),
});

async function probe(checkId: string, location: string, ok: boolean, explanation: string, sec: number): Promise<void> {
  expect(await results.record({ checkId, location, report: report(ok, explanation, sec), keepCertificate: false })).toBe(true);
}

async function flipsOf(checkId: string) {
  const flips = await store.prisma.flip.findMany({ where: { checkId }, orderBy: { id: 'asc' } });
  return flips.map((f) => ({ newStatus: f.newStatus, locations: f.locations, cause: f.cause ? openFlipCause(checkId, f.cause) : null }));
}

it('a flip keeps each deciding location’s own result; results after it change nothing', async () => {
  const check = await makeCheck(store.prisma, store.projectId, {
    kind: 'http',
    status: 'up',
    httpConfig: { url: 'http://example.com/', confirmations: 1 },
    lastPingAt: at(0),
  });
  await probe(check.id, 'ap', true, 'HTTP 200', 1);
  await probe(check.id, 'eu', false, 'connect EINVAL 192.0.2.1:80', 10);
  await probe(check.id, 'us', false, 'connect ECONNREFUSED 192.0.2.1:80', 30);
  // ap answers right after the flip: its success decided nothing.
  await probe(check.id, 'ap', true, 'HTTP 200', 31);
  expect(await flipsOf(check.id)).toEqual([
    {
      newStatus: 'down',
      locations: ['eu', 'us'],
      cause: [
        { location: 'eu', at: at(10), explanation: 'connect EINVAL 192.0.2.1:80' },
        { location: 'us', at: at(30), explanation: 'connect ECONNREFUSED 192.0.2.1:80' },
      ],
    },
  ]);

  // Back up: ap (answered at 31) and eu now make the majority; the up flip keeps their answers.
  await probe(check.id, 'eu', true, 'HTTP 200 in 20 ms', 70);
  const [, up] = await flipsOf(check.id);
  expect(up).toEqual({
    newStatus: 'up',
    locations: ['ap', 'eu'],
    cause: [
      { location: 'ap', at: at(31), explanation: 'HTTP 200' },
      { location: 'eu', at: at(70), explanation: 'HTTP 200 in 20 ms' },
    ],
  });
});
