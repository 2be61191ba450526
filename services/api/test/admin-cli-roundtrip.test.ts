import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { heartbeatBody, startHarness, type Harness } from './support/api-harness.js';

// Needs `pnpm build` (runs the built CLI, as operators do).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const cli = path.join(root, 'packages/admin-cli/dist/main.js');
const run = promisify(execFile);

let h: Harness;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

async function admin(...args: string[]): Promise<any> {
  const { stdout } = await run(process.execPath, [cli, ...args], { env: { PATH: process.env.PATH ?? '', DATABASE_URL: h.db.url } });
  return JSON.parse(stdout);
}

test('a key printed by `key create` authenticates; after `key revoke` it gets 401', async () => {
  const account = await admin('account', 'create', '--name', 'Acme', '--plan', 'pro');
  const project = await admin('project', 'create', '--account', account.id, '--name', 'Backups');
  const rw = await admin('key', 'create', '--project', project.id, '--kind', 'rw');
  const ro = await admin('key', 'create', '--project', project.id, '--kind', 'ro');
  expect(rw.key).toMatch(/^upm_rw_/);
  expect(ro.key).toMatch(/^upm_ro_/);

  const created = await h.call('POST', '/checks', { key: rw.key, body: heartbeatBody() });
  expect(created.status).toBe(201);
  expect((await h.call('GET', '/checks', { key: ro.key })).body.data.map((c: { id: string }) => c.id)).toEqual([created.body.data.id]);
  expect((await h.call('POST', '/checks', { key: ro.key, body: heartbeatBody() })).status).toBe(403);

  const revoked = await admin('key', 'revoke', '--id', rw.id);
  expect(revoked.revoked_at).toMatch(/\+00:00$/);
  const after = await h.call('GET', '/checks', { key: rw.key });
  expect(after.status).toBe(401);
  expect((await h.call('GET', '/checks', { key: ro.key })).status).toBe(200);

  // The CLI sees the API's use of the key.
  const keys = await admin('key', 'list', '--project', project.id);
  expect(keys.find((k: { id: string }) => k.id === ro.id).last_used_at).toMatch(/\+00:00$/);
}, 120_000); // each CLI run is a process of its own (about 1 s idle, several under load)

test('a plan change to free takes the API away at once', async () => {
  const account = await admin('account', 'create', '--name', 'Downgrader', '--plan', 'business');
  const project = await admin('project', 'create', '--account', account.id, '--name', 'P');
  const key = await admin('key', 'create', '--project', project.id, '--kind', 'ro');
  expect((await h.call('GET', '/checks', { key: key.key })).status).toBe(200);
  await admin('account', 'set-plan', '--id', account.id, '--plan', 'free');
  const res = await h.call('GET', '/checks', { key: key.key });
  expect(res.status).toBe(403);
  expect(res.body.message).toMatch(/free plan/);
});
