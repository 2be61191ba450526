// The curl one-liners of Healthchecks' documentation (templates/docs/bash.md,
// measuring_script_run_time.md, attaching_logs.md), run with the machine's curl in sh against the
// built api, with PING_URL replaced by an upmon ping URL (both forms: /<uuid> and /ping/<uuid>).
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeCheck, openPingBody } from '@upmon/testing';
import { useHcWorld, type HcWorld } from './support/hc-world.js';

const w = useHcWorld();

/** Runs a shell line with PING_URL set; resolves with its exit code and standard output. */
function sh(line: string, pingUrl: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile('sh', ['-c', line], { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', PING_URL: pingUrl } }, (err, stdout, stderr) =>
      resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, output: stderr && err ? `${stdout}${stderr}` : stdout }),
    );
  });
}
const newCheck = () => makeCheck(w.prisma, w.alice.projectId, { periodSec: 3600, graceSec: 600 });
const pingsOf = (checkId: string) => w.prisma.ping.findMany({ where: { checkId }, orderBy: { id: 'asc' } });

test('bash.md: curl -m 10 --retry 5 PING_URL, and the silent form, answer OK and record a success', async () => {
  const check = await newCheck();
  const loud = await sh('curl -m 10 --retry 5 "$PING_URL"', `${w.api.url}/${check.id}`);
  expect([loud.code, loud.output]).toEqual([0, 'OK']);
  const silent = await sh('curl -fsS -m 10 --retry 5 -o /dev/null "$PING_URL"', `${w.api.url}/ping/${check.id}`);
  expect([silent.code, silent.output]).toEqual([0, '']);
  expect((await pingsOf(check.id)).map((p) => [p.type, p.method, p.userAgent?.startsWith('curl/')])).toEqual([
    ['success', 'GET', true],
    ['success', 'GET', true],
  ]);
});

test('bash.md: the exit status as PING_URL/$? (a failing command marks the check down)', async () => {
  const check = await newCheck();
  expect((await sh('false; curl -fsS -m 10 --retry 5 -o /dev/null "$PING_URL/$?"', `${w.api.url}/ping/${check.id}`)).code).toBe(0);
  expect((await pingsOf(check.id)).at(-1)).toMatchObject({ type: 'exit', exitStatus: 1 });
  expect((await w.prisma.check.findUniqueOrThrow({ where: { id: check.id } })).status).toBe('down');
});

test('bash.md / attaching_logs.md: the output as the body (--data-raw "$m" PING_URL/$?) and from a file (--data-binary @file)', async () => {
  const check = await newCheck();
  const line = 'm=$(echo "renewed 3 certificates"; exit 0); curl -fsS -m 10 --retry 5 --data-raw "$m" "$PING_URL/$?"';
  expect((await sh(line, `${w.api.url}/ping/${check.id}`)).code).toBe(0);
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'hc-curl-')), 'certbot-renew.log');
  writeFileSync(file, 'line 1\nline 2\n');
  expect((await sh(`curl -fsS -m 10 --retry 5 --data-binary @${file} "$PING_URL/0"`, `${w.api.url}/${check.id}`)).code).toBe(0);
  const [raw, fromFile] = await pingsOf(check.id);
  expect([raw!.type, raw!.exitStatus, raw!.method, openPingBody(check.id, raw!.body!)]).toEqual(['exit', 0, 'POST', 'renewed 3 certificates']);
  expect(openPingBody(check.id, fromFile!.body!)).toBe('line 1\nline 2\n');
});

test('measuring_script_run_time.md: RID=`uuidgen`, PING_URL/start?rid=$RID, then PING_URL?rid=$RID measures the run', async () => {
  const check = await newCheck();
  const line = [
    'RID=`cat /proc/sys/kernel/random/uuid`', // uuidgen's output, from the kernel (uuid-runtime is not always installed)
    'curl -fsS -m 10 --retry 5 -o /dev/null "$PING_URL/start?rid=$RID"',
    'sleep 0.3',
    'curl -fsS -m 10 --retry 5 -o /dev/null "$PING_URL?rid=$RID"',
  ].join('; ');
  expect((await sh(line, `${w.api.url}/ping/${check.id}`)).code).toBe(0);
  const [start, done] = await pingsOf(check.id);
  expect([start!.type, done!.type, done!.rid]).toEqual(['start', 'success', start!.rid]);
  expect(done!.durationMs).toBeGreaterThanOrEqual(300);
});

test('curl -f fails (exit 22) on an unknown check and on an exit status over 255', async () => {
  const check = await newCheck();
  expect((await sh('curl -fsS -m 10 -o /dev/null "$PING_URL"', `${w.api.url}/ping/07c2f548-9850-4b27-af5d-6c9dc157ec02`)).code).toBe(22);
  expect((await sh('curl -fsS -m 10 -o /dev/null "$PING_URL/256"', `${w.api.url}/ping/${check.id}`)).code).toBe(22);
});
