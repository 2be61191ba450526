// Probing from several places, as a network (docs/locations.md, "Tested as a network"): three
// public locations and one private location are network namespaces (network-lab.ts), each with its
// own prober process; the scheduler, notifier and api run on the host. The public probers reach
// PostgreSQL and Redis (loopback-only) through forwarders on their host-side addresses; the private
// location's prober reaches only the api, through one forwarder, as a customer's would reach HTTPS.
//   - 30 % packet loss on one location's path to the target (nftables) and a 300 ms slower path on
//     another: the check stays up, no flip, no alert; the slow location's response times show it;
//   - one location cut off from the target: the check stays up, that location shows failing;
//   - two cut off: down, both named in the flip (and the webhook says down);
//   - a location's prober killed: the location goes stale, the check stays up, nobody is alerted;
//   - the private location probes a target inside its own namespace, which nothing else can reach.
// Needs root (ip netns); skipped with a message otherwise. Namespaces are removed in afterAll, and
// ones left by a killed earlier run are swept first.
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPrismaClient, type PrismaClient } from '@upmon/db';
import { isLocationStale, staleAfterMs, type LocationState } from '@upmon/core';
import { scheduleOf } from '@upmon/check-store';
import {
  createNetworkLab,
  createTestCertificates,
  createTestDatabase,
  dropRedisPrefix,
  eventually,
  makeIntegration,
  makeProbeCheck,
  makeProjectWithKeys,
  networkLabSkipReason,
  startRecordingServer,
  startService,
  startTcpProxy,
  sweepLeftoverNamespaces,
  testRedisPrefix,
  testRedisUrl,
  type LabLocation,
  type NetworkLab,
  type RecordingServer,
  type ServiceProcess,
  type TcpProxy,
  type TestDatabase,
} from '@upmon/testing';

const skip = networkLabSkipReason();
if (skip) console.warn(`locations-network.test.ts: ${skip}`);
const maybe = skip ? describe.skip : describe;

const PUBLIC = ['lab-a', 'lab-b', 'lab-c'];
const PERIOD_SEC = 2;
/** Packet loss on lab-a's path to the target, each way. */
const LOSS_PERCENT = 30;
/** How much longer each round trip from lab-b to the target takes. */
const DELAY_MS = 300;
/** How long the loss and the slow path last (in probe periods). */
const SHAPED_PERIODS = 10;

let lab: NetworkLab;
let db: TestDatabase;
let prisma: PrismaClient;
let prefix: string;
let target: http.Server;
let targetPort: number;
let targetUrl: string;
let receiver: RecordingServer;
const proxies: TcpProxy[] = [];
const services: ServiceProcess[] = [];
const probers = new Map<string, ServiceProcess>();
let api: ServiceProcess;

const redisPort = Number(new URL(testRedisUrl()).port || 6379);

/** PostgreSQL and Redis as seen from inside `loc` (forwarders on its host-side address). */
async function backendFor(loc: LabLocation): Promise<{ DATABASE_URL: string; REDIS_URL: string }> {
  const pg = await startTcpProxy({ host: '127.0.0.1', port: 5432 }, { listen: loc.hostAddress });
  const redis = await startTcpProxy({ host: '127.0.0.1', port: redisPort }, { listen: loc.hostAddress });
  proxies.push(pg, redis);
  const dbUrl = new URL(db.url);
  dbUrl.hostname = loc.hostAddress;
  dbUrl.port = String(pg.port);
  return { DATABASE_URL: dbUrl.toString(), REDIS_URL: `redis://${loc.hostAddress}:${redis.port}` };
}

const common = () => ({ DATABASE_URL: db.url, REDIS_URL: testRedisUrl(), REDIS_PREFIX: prefix, PUBLIC_LOCATIONS: PUBLIC.join(','), LOG_LEVEL: 'warn' });

async function locationStates(checkId: string): Promise<Record<string, string>> {
  const rows = await prisma.checkLocation.findMany({ where: { checkId } });
  return Object.fromEntries(rows.map((r) => [r.location, r.status]));
}

async function waitForStates(checkId: string, want: Record<string, string>, what: string) {
  return eventually(
    async () => {
      const states = await locationStates(checkId);
      return Object.entries(want).every(([loc, status]) => states[loc] === status) && states;
    },
    30_000,
    what,
  );
}

maybe('locations as network namespaces', () => {
  beforeAll(async () => {
    sweepLeftoverNamespaces();
    lab = createNetworkLab();
    db = await createTestDatabase();
    prisma = createPrismaClient(db.url, { poolSize: 3 });
    prefix = testRedisPrefix();
    const [a, b, c, p] = ['a', 'b', 'c', 'p'].map((label) => lab.addLocation(label)) as [LabLocation, LabLocation, LabLocation, LabLocation];
    // tc netem: delay on each location's link, when the kernel has it (reported, not required).
    const shaped = [a, b, c].map((loc, i) => loc.shape(10 + 10 * i));
    if (!shaped.every(Boolean)) console.warn('locations-network.test.ts: this kernel has no tc netem (sch_netem); links are not delayed');

    target = http.createServer((_req, res) => res.end('ok'));
    await new Promise<void>((r) => target.listen(0, lab.targetAddress, r));
    targetPort = (target.address() as AddressInfo).port;
    targetUrl = `http://${lab.targetAddress}:${targetPort}/health`;
    receiver = await startRecordingServer();

    // Started together: on a loaded machine each takes seconds to be ready.
    const started = await Promise.all([
      startService('scheduler', { ...common(), SCHEDULER_IDLE_INTERVAL_MS: '100' }, { readyTimeoutMs: 120_000 }),
      startService('notifier', { ...common(), OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8', NOTIFIER_FAN_OUT_POLL_MS: '100' }, { readyTimeoutMs: 120_000 }),
      startService('api', { ...common() }, { readyTimeoutMs: 120_000 }),
    ]);
    services.push(...started);
    api = started[2];
    const backends = await Promise.all([a, b, c].map((loc) => backendFor(loc)));
    const started2 = await Promise.all(
      [a, b, c].map((loc, i) =>
        startService(
          'prober',
          { ...common(), ...backends[i], PROBER_LOCATION: PUBLIC[i] as string, OUTBOUND_ALLOW_CIDRS: `${lab.targetAddress}/32` },
          { netns: loc, readyTimeoutMs: 120_000 },
        ),
      ),
    );
    started2.forEach((prober, i) => probers.set(PUBLIC[i] as string, prober));
  }, 300_000);

  afterAll(async () => {
    for (const s of [...probers.values(), ...services]) await s.stop('SIGKILL').catch(() => undefined);
    lab?.close();
    for (const px of proxies) await px.close();
    await new Promise((r) => target?.close(r));
    await receiver?.close();
    await prisma?.$disconnect();
    await db?.drop();
    if (prefix) await dropRedisPrefix(prefix);
  });

  // Runs first: it needs all three public probers (the next test kills lab-c's).
  test('packet loss on one location and a slow path on another: up, no flip, no alert; the slow location shows its response time', async () => {
    const [a, b] = lab.locations as [LabLocation, LabLocation];
    const { project, rwKey } = await makeProjectWithKeys(prisma, 'pro');
    await makeIntegration(prisma, project.id, 'webhook', { url: `${receiver.url}/hook` });
    const check = await makeProbeCheck(
      prisma,
      project.id,
      'http',
      { url: targetUrl, confirmations: 2, timeout_sec: 2 },
      { periodSec: PERIOD_SEC, locations: PUBLIC },
    );
    const status = async () => (await prisma.check.findUniqueOrThrow({ where: { id: check.id } })).status;
    await waitForStates(check.id, { 'lab-a': 'up', 'lab-b': 'up', 'lab-c': 'up' }, 'every location up');
    await eventually(async () => (await status()) === 'up', 60_000, 'the check up');
    const flipsBefore = await prisma.flip.count({ where: { checkId: check.id } });
    const alertsBefore = receiver.requests.length;

    a.loseTargetPackets(LOSS_PERCENT);
    const slowPath = await b.delayTarget(targetPort, DELAY_MS);
    const shapedAt = Date.now();
    // Every result of each location while shaped (one per period; sampled faster than that). The
    // first period's are left out: a probe started before the slow path was in place.
    const results = new Map<string, Map<number, { status: string; durationMs: number | null }>>(PUBLIC.map((l) => [l, new Map()]));
    while (Date.now() < shapedAt + SHAPED_PERIODS * PERIOD_SEC * 1000) {
      for (const row of await prisma.checkLocation.findMany({ where: { checkId: check.id } })) {
        if (row.lastResultAt.getTime() > shapedAt + PERIOD_SEC * 1000)
          results.get(row.location)?.set(row.lastResultAt.getTime(), { status: row.status, durationMs: row.lastDurationMs });
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    const perLocation = await fetch(`${api.url}/api/v1/checks/${check.id}/locations`, { headers: { authorization: `Bearer ${rwKey}` } });
    const shown = ((await perLocation.json()) as { data: { locations: { location: string; last_duration_ms: number | null }[] } }).data.locations;
    const dropped = a.targetPacketsLost();
    a.loseTargetPackets(0);
    await b.undelayTarget();

    const of = (location: string) => [...(results.get(location) as Map<number, { status: string; durationMs: number | null }>).values()];
    const failedA = of('lab-a').filter((r) => r.status === 'failing').length;
    const slow = of('lab-b').map((r) => r.durationMs ?? 0);
    const fast = of('lab-c')
      .map((r) => r.durationMs ?? 0)
      .sort((x, y) => x - y);
    console.info(
      `locations-network.test.ts: ${LOSS_PERCENT} % loss on lab-a dropped ${dropped} packets; ${failedA} of its ${of('lab-a').length} results failed. ` +
        `lab-b's slow path (${slowPath}): ${slow.join(', ')} ms; lab-c: ${fast.join(', ')} ms`,
    );
    expect(dropped).toBeGreaterThan(0);
    // Every result of lab-b took the delay at least (it is a floor: nothing arrives sooner), and the
    // API shows it per location; lab-c, unshaped, mostly answers in far less.
    expect(slow.length).toBeGreaterThanOrEqual(SHAPED_PERIODS / 2);
    expect(Math.min(...slow)).toBeGreaterThanOrEqual(DELAY_MS);
    expect(shown.find((l) => l.location === 'lab-b')?.last_duration_ms).toBeGreaterThanOrEqual(DELAY_MS);
    expect(fast[Math.floor(fast.length / 2)]).toBeLessThan(DELAY_MS);
    // One lossy location among three never has the quorum: no flip, nobody alerted.
    await new Promise((r) => setTimeout(r, 1000));
    expect(await status()).toBe('up');
    expect(await prisma.flip.count({ where: { checkId: check.id } })).toBe(flipsBefore);
    expect(receiver.requests.length).toBe(alertsBefore);
    // Gone before the next test cuts locations off: its alerts would mix with that test's.
    await prisma.check.delete({ where: { id: check.id } });
  });

  test('one location cut off: up, that location failing; two: down with both in the flip; a killed prober: stale, no alert', async () => {
    const [a, b] = lab.locations as [LabLocation, LabLocation];
    const { project } = await makeProjectWithKeys(prisma, 'pro');
    await makeIntegration(prisma, project.id, 'webhook', { url: `${receiver.url}/hook` });
    const check = await makeProbeCheck(
      prisma,
      project.id,
      'http',
      { url: targetUrl, confirmations: 1, timeout_sec: 2 },
      { periodSec: PERIOD_SEC, locations: PUBLIC },
    );
    const status = async () => (await prisma.check.findUniqueOrThrow({ where: { id: check.id } })).status;

    await waitForStates(check.id, { 'lab-a': 'up', 'lab-b': 'up', 'lab-c': 'up' }, 'every location up');
    expect(await status()).toBe('up');

    a.cutTarget();
    await waitForStates(check.id, { 'lab-a': 'failing', 'lab-b': 'up', 'lab-c': 'up' }, 'lab-a failing');
    // A few more rounds from every location: still up, no flip.
    await new Promise((r) => setTimeout(r, 3 * PERIOD_SEC * 1000));
    expect(await status()).toBe('up');
    expect(await prisma.flip.count({ where: { checkId: check.id, newStatus: 'down' } })).toBe(0);

    b.cutTarget();
    await eventually(async () => (await status()) === 'down', 60_000, 'the check down');
    const down = await prisma.flip.findFirstOrThrow({ where: { checkId: check.id, newStatus: 'down' } });
    expect([...down.locations].sort()).toEqual(['lab-a', 'lab-b']);
    // The alert names what decided the flip: the two locations' own failures, never lab-c's answer
    // stored around the flip's time (issue 37).
    const sent = (status: string) =>
      receiver.requests
        .map((r) => JSON.parse(r.body) as { check_id?: string; status?: string; detail?: string })
        .find((b) => b.check_id === check.id && b.status === status);
    const sentDetail = (status: string) => sent(status)?.detail;
    await receiver.waitFor(() => sent('down') !== undefined, 60_000);
    expect(sentDetail('down')).toMatch(/^Failed in lab-a( \([^)]*\))?, lab-b( \([^)]*\))?: /);
    expect(sentDetail('down')).not.toContain('HTTP 200');

    a.restoreTarget();
    b.restoreTarget();
    await eventually(async () => (await status()) === 'up', 60_000, 'the check up again');
    await receiver.waitFor(() => sent('up') !== undefined, 60_000);
    expect(sentDetail('up')).toMatch(/^Answering in lab-.*HTTP 200/);
    await new Promise((r) => setTimeout(r, 2000));
    const alertsBefore = receiver.requests.length;
    const flipsBefore = await prisma.flip.count({ where: { checkId: check.id } });

    // lab-c's prober dies: its results stop; once stale it no longer counts, and nobody hears of it.
    await probers.get('lab-c')!.stop('SIGKILL');
    const schedule = scheduleOf({ scheduleKind: 'period', periodSec: PERIOD_SEC, cron: null, oncalendar: null, tz: 'UTC' });
    await eventually(
      async () => {
        const row = await prisma.checkLocation.findUniqueOrThrow({ where: { checkId_location: { checkId: check.id, location: 'lab-c' } } });
        const state: LocationState = {
          location: row.location,
          status: row.status as LocationState['status'],
          failuresInRow: row.failuresInRow,
          lastResultAt: row.lastResultAt,
        };
        const now = new Date();
        return isLocationStale(state, staleAfterMs(schedule, now), now);
      },
      120_000,
      'lab-c stale',
    );
    await new Promise((r) => setTimeout(r, 2 * PERIOD_SEC * 1000));
    expect(await status()).toBe('up');
    expect(await prisma.flip.count({ where: { checkId: check.id } })).toBe(flipsBefore);
    expect(receiver.requests.length).toBe(alertsBefore);
    const states = await locationStates(check.id);
    expect(states['lab-a']).toBe('up');
    expect(states['lab-b']).toBe('up');
  }, 240_000);

  test('a private location probes a target inside its own network, which the public locations cannot reach', async () => {
    const p = lab.locations[3] as LabLocation;
    const certs = createTestCertificates();
    const { project, rwKey } = await makeProjectWithKeys(prisma, 'pro');
    const created = await fetch(`${api.url}/api/v1/locations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${rwKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Office LAN' }),
    });
    expect(created.status).toBe(201);
    const location = ((await created.json()) as { data: { id: string; code: string; key: string } }).data;

    // A target on the namespace's own loopback: a private address only its prober can reach (a
    // public prober's guard would refuse it, and its own loopback has nothing there).
    const port = 18080;
    const [file, args] = p.command(process.execPath, ['-e', `require('http').createServer((q,s)=>s.end('inside')).listen(${port},'127.0.0.1')`]);
    const inside = spawn(file, args, { stdio: 'ignore' });
    try {
      // HTTPS, as a customer reaches the api (a remote prober refuses plain http beyond loopback).
      const apiProxy = await startTcpProxy(
        { host: '127.0.0.1', port: api.port },
        { listen: p.hostAddress, tls: certs.leaf({ days: 30, hosts: [p.hostAddress] }) },
      );
      proxies.push(apiProxy);
      const check = await makeProbeCheck(
        prisma,
        project.id,
        'http',
        { url: `http://127.0.0.1:${port}/`, confirmations: 1, timeout_sec: 2 },
        { periodSec: PERIOD_SEC, locations: [location.code] },
      );
      const remote = await startService(
        'prober',
        {
          PROBER_MODE: 'remote',
          UPMON_API_URL: `https://${p.hostAddress}:${apiProxy.port}`,
          NODE_EXTRA_CA_CERTS: certs.caPath,
          PROBER_LOCATION_KEY: location.key,
          PROBER_POLL_WAIT_SEC: '5',
          LOG_LEVEL: 'warn',
        },
        { netns: p, readyTimeoutMs: 120_000 },
      );
      probers.set('private', remote);
      await waitForStates(check.id, { [location.code]: 'up' }, 'the private location up');
      await eventually(async () => (await prisma.check.findUniqueOrThrow({ where: { id: check.id } })).status === 'up', 60_000, 'the private check up');
      // Only the private location ever probed it.
      expect(Object.keys(await locationStates(check.id))).toEqual([location.code]);

      // Revoked: the api answers 401 and the prober exits (78) within a minute.
      const revoke = await fetch(`${api.url}/api/v1/locations/${location.id}/revoke`, { method: 'POST', headers: { authorization: `Bearer ${rwKey}` } });
      expect(revoke.status).toBe(200);
      const exitCode = await Promise.race([
        new Promise<number | null>((r) => remote.child.once('exit', (code) => r(code))),
        new Promise<string>((r) => setTimeout(() => r('still running'), 60_000).unref()),
      ]);
      expect(exitCode).toBe(78);
      expect(remote.output()).toContain('location key refused');
    } finally {
      inside.kill('SIGKILL');
      certs.cleanup();
    }
  });
});
