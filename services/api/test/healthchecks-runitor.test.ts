// runitor (github.com/bdd/runitor, the Healthchecks command runner), built from its source with
// the machine's Go and pointed at the built api: start, success with the command's output, exit
// codes, overlapping runs told apart by rid, output over the instance's Ping-Body-Limit, slug
// URLs, and `-create` where the runitor built has it. Then what upmon recorded is checked.
//
// UPMON_TEST_RUNITOR_SRC names a checkout of runitor (its code is never committed here). Debian
// 12's Go (1.19) builds runitor up to v1.2.0; v1.3.0 and later need Go 1.21 or newer. Without
// Go, the checkout or a successful build the tests are skipped and the reason is printed.
import { spawn, spawnSync } from 'node:child_process';
import { buildGoProgram, makeCheck, openPingBody, type GoBuild } from '@upmon/testing';
import { useHcWorld, type HcWorld } from './support/hc-world.js';

const source = process.env.UPMON_TEST_RUNITOR_SRC;
const build: GoBuild = source
  ? buildGoProgram({ moduleDir: source, pkg: './cmd/runitor', name: 'runitor' })
  : { ok: false, reason: 'UPMON_TEST_RUNITOR_SRC is not set (a checkout of github.com/bdd/runitor; v1.2.0 builds with Debian 12’s Go 1.19)' };
const help = build.ok ? spawnSync(build.binary, ['-help'], { encoding: 'utf8' }) : null;
const hasCreate = help !== null && `${help.stdout}${help.stderr}`.includes('-create');
if (!build.ok) console.log(`healthchecks-runitor: skipped: ${build.reason}`);
else if (!hasCreate) console.log('healthchecks-runitor: the -create case is skipped: this runitor has no -create flag (v1.3.0 and later have it)');

const t = build.ok ? test : test.skip;
const tCreate = build.ok && hasCreate ? test : test.skip;

const w = useHcWorld({ PING_BODY_LIMIT_BYTES: '100000' }, { enabled: build.ok });

/** Runs runitor with `args`, then the command; resolves with its exit code and output. */
function runitor(args: string[], command: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn((build as { binary: string }).binary, [...args, '--', 'sh', '-c', command], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}
const byUuid = (id: string, base = w.api.url) => ['-api-url', base, '-uuid', id];
const pingsOf = (checkId: string) => w.prisma.ping.findMany({ where: { checkId }, orderBy: { id: 'asc' } });
const newCheck = (slug?: string) => makeCheck(w.prisma, w.alice.projectId, { periodSec: 3600, graceSec: 600, ...(slug ? { slug, name: slug } : {}) });

t('a run: a start, then a success carrying the output, with one rid; the run is measured', async () => {
  const check = await newCheck();
  const run = await runitor(byUuid(check.id), 'echo backed up; sleep 0.3');
  expect(run.code).toBe(0);
  const pings = await pingsOf(check.id);
  expect(pings.map((p) => [p.type, p.method])).toEqual([
    ['start', 'POST'],
    ['success', 'POST'],
  ]);
  expect(pings[0]!.rid).toMatch(/^[0-9a-f-]{36}$/);
  expect(pings[1]!.rid).toBe(pings[0]!.rid);
  expect(pings[1]!.userAgent).toMatch(/^runitor\//);
  expect(openPingBody(check.id, pings[1]!.body!)).toContain('backed up');
  expect(pings[1]!.durationMs).toBeGreaterThanOrEqual(300);
  const c = await w.prisma.check.findUniqueOrThrow({ where: { id: check.id } });
  expect([c.status, c.lastStartAt, c.lastDurationMs]).toEqual(['up', null, pings[1]!.durationMs]);
});

t('exit codes: a failing command is its exit status (the check goes down); 0 is up; runitor exits with it', async () => {
  const check = await newCheck();
  const failed = await runitor(byUuid(check.id), 'echo oops >&2; exit 3');
  expect(failed.code).toBe(3);
  let pings = await pingsOf(check.id);
  expect(pings.at(-1)).toMatchObject({ type: 'exit', exitStatus: 3 });
  expect((await w.prisma.check.findUniqueOrThrow({ where: { id: check.id } })).status).toBe('down');
  expect(openPingBody(check.id, pings.at(-1)!.body!)).toContain('oops');
  expect((await runitor(byUuid(check.id, `${w.api.url}/ping`), 'true')).code).toBe(0);
  pings = await pingsOf(check.id);
  expect(pings.at(-1)?.type).toBe('success');
  expect((await w.prisma.check.findUniqueOrThrow({ where: { id: check.id } })).status).toBe('up');
});

t('overlapping runs: each completion is measured from the start with its own rid', async () => {
  const check = await newCheck();
  const long = runitor(byUuid(check.id), 'sleep 1.5');
  await new Promise((r) => setTimeout(r, 300));
  const short = await runitor(byUuid(check.id), 'sleep 0.2');
  expect(short.code).toBe(0);
  expect((await long).code).toBe(0);
  const pings = await pingsOf(check.id);
  expect(pings.map((p) => p.type)).toEqual(['start', 'start', 'success', 'success']);
  const [startLong, startShort, endShort, endLong] = pings;
  expect([endShort!.rid, endLong!.rid]).toEqual([startShort!.rid, startLong!.rid]);
  expect(endShort!.durationMs).toBeGreaterThanOrEqual(200);
  expect(endShort!.durationMs).toBeLessThan(1200);
  expect(endLong!.durationMs).toBeGreaterThanOrEqual(1500);
  expect((await w.prisma.check.findUniqueOrThrow({ where: { id: check.id } })).lastStartAt).toBeNull();
});

t('output over the instance’s Ping-Body-Limit (100,000 bytes): runitor sends its last 100,000 bytes, all kept', async () => {
  const check = await newCheck();
  // 150,000 bytes of output.
  const run = await runitor(byUuid(check.id), 'head -c 150000 /dev/zero | tr "\\0" x');
  expect(run.code).toBe(0);
  const end = (await pingsOf(check.id)).at(-1)!;
  expect(end.bodySize).toBe(100_000);
  const body = openPingBody(check.id, end.body!);
  expect(body).toHaveLength(100_000);
  expect(body.endsWith('[runitor] Output truncated to last 100000 bytes.')).toBe(true);
});

t('slug URLs: -ping-key and -slug', async () => {
  const check = await newCheck('nightly-backup');
  expect((await runitor(['-api-url', `${w.api.url}/ping`, '-ping-key', w.alice.pingKey, '-slug', 'nightly-backup'], 'true')).code).toBe(0);
  expect((await pingsOf(check.id)).map((p) => p.type)).toEqual(['start', 'success']);
});

tCreate('-create: a missing slug is created on the first ping', async () => {
  const run = await runitor(['-api-url', `${w.api.url}/ping`, '-ping-key', w.alice.pingKey, '-slug', 'made-by-runitor', '-create'], 'true');
  expect(run.code).toBe(0);
  const made = await w.prisma.check.findMany({ where: { projectId: w.alice.projectId, slug: 'made-by-runitor' } });
  expect(made).toHaveLength(1);
  expect((await pingsOf(made[0]!.id)).map((p) => p.type)).toEqual(['start', 'success']);
});
