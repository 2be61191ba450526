import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runCli } from '@upmon/cli';
import { PROBE_KINDS } from '@upmon/probes';
import { makeProjectWithKeys } from '@upmon/testing';
import { startHarness, type Harness } from './support/api-harness.js';

// Monitoring as code end to end (docs/monitoring-as-code.md): the `upmon` CLI, run in-process,
// against a real API, PostgreSQL and Redis. Every response of h.call is checked against the
// OpenAPI document by the harness.
let h: Harness;
let dir: string;
let source: { project: { id: string }; rwKey: string };
let target: { project: { id: string }; rwKey: string };

// Credentials as the project was built with them: the export refers to them by variable.
const HOOK_URL = 'https://hooks.example/T000/secret-path';
const SLACK_URL = 'https://hooks.slack.example/services/T1/B2/xyz';
const PAGE_TOKEN = 'Bearer s3cret-token';
const TCP_SEND = 'AUTH hunter2\r\nPING\r\n';

const checks: Record<string, Record<string, unknown>> = {
  'db-backup': { name: 'DB backup', grace_sec: 600, schedule: { kind: 'period', period_sec: 3600 }, tags: ['db', 'prod'], description: 'Nightly dump' },
  'report-cron': { name: 'Report', grace_sec: 300, tz: 'Europe/Berlin', schedule: { kind: 'cron', cron: '30 6 * * 1-5' }, min_run_sec: 20 },
  'timer-oncalendar': { name: 'Timer', grace_sec: 120, schedule: { kind: 'oncalendar', oncalendar: 'Mon..Fri 02:00' } },
  'api-http': {
    name: 'API health',
    kind: 'http',
    grace_sec: 60,
    schedule: { kind: 'period', period_sec: 60 },
    http_config: { url: 'https://api.example.com/health', method: 'GET', headers: { Authorization: PAGE_TOKEN }, keyword: 'ok', confirmations: 3 },
  },
  'redis-tcp': { name: 'Redis', kind: 'tcp', grace_sec: 60, tcp_config: { ...PROBE_KINDS.tcp.sampleConfig, send: TCP_SEND } },
  'mx-dns': { name: 'MX', kind: 'dns', grace_sec: 60, dns_config: PROBE_KINDS.dns.sampleConfig },
  'cert-tls': { name: 'Certificate', kind: 'tls', grace_sec: 60, tls_config: PROBE_KINDS.tls.sampleConfig },
};
const integrations: Record<string, Record<string, unknown>> = {
  hook: { kind: 'webhook', name: 'Hook', events: ['down', 'up'], config: { url: HOOK_URL, secret: 'whsec-1' } },
  chat: { kind: 'slack', name: 'Chat', events: ['down'], tags: ['prod'], reminders: [1, 24], config: { webhook_url: SLACK_URL } },
};

function cli(args: string[], key: string, env: Record<string, string> = {}) {
  let out = '';
  let err = '';
  const code = runCli(args, {
    env: { UPMON_API_URL: h.api.url, UPMON_API_KEY: key, ...env },
    cwd: dir,
    out: (t) => (out += t),
    err: (t) => (err += t),
  });
  return code.then((exit) => ({ exit, out, err }));
}

/** Each credential variable of an export, set to the value the project was built with. */
function credentials(exported: { env: { name: string; field: string }[] }): Record<string, string> {
  const bodies = { checks, integrations } as Record<string, Record<string, Record<string, unknown>>>;
  return Object.fromEntries(
    exported.env.map(({ name, field }) => {
      const [type, key, ...rest] = field.split('.');
      const value = rest.reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], bodies[type!]![key!]);
      return [name, String(value)];
    }),
  );
}

const snapshot = async (projectId: string) =>
  (await h.prisma.check.findMany({ where: { projectId }, orderBy: { id: 'asc' } })).map((c) => ({
    id: c.id,
    updatedAt: c.updatedAt.toISOString(),
    codeKey: c.codeKey,
  }));

let env: Record<string, string>;

beforeAll(async () => {
  h = await startHarness();
  dir = mkdtempSync(path.join(tmpdir(), 'upmon-code-'));
  source = await makeProjectWithKeys(h.prisma, 'pro');
  target = await makeProjectWithKeys(h.prisma, 'pro');
  // Built by hand through the API: every kind of check, a dependency, two integrations.
  for (const [key, body] of Object.entries(integrations)) expect((await h.call('POST', '/integrations', { key: source.rwKey, body })).status).toBe(201);
  const ids: Record<string, string> = {};
  for (const [key, body] of Object.entries(checks)) {
    const res = await h.call('POST', '/checks', { key: source.rwKey, body: { ...body, slug: key } });
    expect(res.status).toBe(201);
    ids[key] = res.body.data.id;
  }
  expect((await h.call('PATCH', `/checks/${ids['report-cron']}`, { key: source.rwKey, body: { depends_on: [ids['db-backup']] } })).status).toBe(200);
  const exported = await h.call('GET', '/code/export', { key: source.rwKey });
  expect(exported.status).toBe(200);
  env = credentials(exported.body.data);
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => h.resetRateLimits());

describe('round trip', () => {
  test('export writes no credential; the exported files plan as unchanged against their own project', async () => {
    const res = await cli(['export', '--out', 'upmon/project.yaml'], source.rwKey);
    expect(res).toMatchObject({ exit: 0, err: '' });
    const text = readFileSync(path.join(dir, 'upmon/project.yaml'), 'utf8');
    for (const secret of [HOOK_URL, SLACK_URL, PAGE_TOKEN, 'hunter2', 'whsec-1']) expect(text).not.toContain(secret);
    expect(text).toContain('${UPMON_INTEGRATION_HOOK_CONFIG_URL}');
    expect(Object.keys(env).sort()).toEqual(
      [
        'UPMON_CHECK_API_HTTP_HTTP_CONFIG_HEADERS_AUTHORIZATION',
        'UPMON_CHECK_API_HTTP_HTTP_CONFIG_URL',
        'UPMON_CHECK_REDIS_TCP_TCP_CONFIG_SEND',
        'UPMON_INTEGRATION_CHAT_CONFIG_WEBHOOK_URL',
        'UPMON_INTEGRATION_HOOK_CONFIG_SECRET',
        'UPMON_INTEGRATION_HOOK_CONFIG_URL',
      ].sort(),
    );
    expect(await cli(['validate'], source.rwKey, env)).toMatchObject({ exit: 0 });
    const plan = await cli(['plan'], source.rwKey, env);
    expect(plan).toMatchObject({ exit: 0, out: 'No changes: 9 resources as in the files.\n' });
    expect(await cli(['diff'], source.rwKey, env)).toMatchObject({ exit: 0 });
  });

  test('applied to an empty project: plan shows creates (exit 2), apply makes them, both projects then plan as unchanged', async () => {
    const plan = await cli(['plan'], target.rwKey, env);
    expect(plan.exit).toBe(2);
    expect(plan.out).toContain('+ integration hook (create)');
    expect(plan.out).toContain('    config.url: (secret set)');
    expect(plan.out).toContain('Plan: 9 to create, 0 to update, 0 to delete, 0 unchanged.');
    const applied = await cli(['apply'], target.rwKey, env);
    expect(applied).toMatchObject({ exit: 0, err: '' });
    expect(applied.out).toContain('Apply complete: 9 changes.');
    for (const key of [source.rwKey, target.rwKey])
      expect(await cli(['plan'], key, env)).toMatchObject({ exit: 0, out: 'No changes: 9 resources as in the files.\n' });
    // Applied from code: each carries its key (the web app shows "managed by code").
    expect((await snapshot(target.project.id)).map((c) => c.codeKey).sort()).toEqual(Object.keys(checks).sort());
    // The credentials arrived: the webhook integration holds the URL the variable gave.
    const live = await h.call('POST', '/code/plan', {
      key: target.rwKey,
      body: { integrations: { hook: { ...integrations.hook, config: { url: HOOK_URL, secret: 'other' } } } },
    });
    expect(live.body.data.find((c: { key: string }) => c.key === 'hook').fields).toEqual([{ field: 'config.secret', secret: true }]);
  });

  test('a second apply is a no-op: nothing is written', async () => {
    const before = await snapshot(target.project.id);
    const again = await cli(['apply'], target.rwKey, env);
    expect(again).toMatchObject({ exit: 0, out: 'No changes: 9 resources as in the files.\n' });
    expect(await snapshot(target.project.id)).toEqual(before);
  });

  test('one field edited: exactly that field is planned, applied, and then unchanged', async () => {
    const file = path.join(dir, 'upmon/project.yaml');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace(/( {4}name: Report\n(?: {4}.*\n)*? {4}grace_sec: )300/, '$1900'));
    const plan = await cli(['plan'], target.rwKey, env);
    expect(plan).toMatchObject({
      exit: 2,
      out: '~ check report-cron (update)\n    grace_sec: 300 → 900\nPlan: 0 to create, 1 to update, 0 to delete, 8 unchanged.\n',
    });
    const drift = await cli(['diff'], target.rwKey, env);
    expect(drift).toMatchObject({ exit: 2, out: 'check report-cron: drifted\n    grace_sec: live 300, files 900\nDrift in 1 resources.\n' });
    expect(await cli(['apply'], target.rwKey, env)).toMatchObject({ exit: 0 });
    expect(await cli(['plan'], target.rwKey, env)).toMatchObject({ exit: 0 });
    writeFileSync(file, text);
  });
});

describe('concurrency', () => {
  const body = (grace: number) => ({ ...checks['db-backup'], grace_sec: grace, slug: 'db-backup' });

  test('two applies racing on one check with the same plan: one wins, the other gets 412, the check is the winner’s whole', async () => {
    const plan = await h.call('POST', '/code/plan', { key: target.rwKey, body: { checks: { 'db-backup': body(700) } } });
    const etag = plan.body.data.find((c: { key: string }) => c.key === 'db-backup').etag as string;
    const put = (grace: number) =>
      h.call('PUT', '/code/checks/db-backup', { key: target.rwKey, body: { ...body(grace), tags: [`g${grace}`] }, headers: { 'if-match': etag } });
    const results = await Promise.all([put(700), put(800)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 412]);
    const lost = results.find((r) => r.status === 412)!;
    expect(lost.body.message).toBe('the check "db-backup" was changed since it was planned (another apply or an edit in the app); plan again');
    const winner = results.find((r) => r.status === 200)!;
    const row = await h.prisma.check.findFirstOrThrow({ where: { projectId: target.project.id, codeKey: 'db-backup' } });
    const grace = row.graceSec;
    expect(row.tags).toEqual([`g${grace}`]);
    expect(winner.headers.get('etag')).toBe(winner.body.data.etag);
  });

  test('two applies racing to create one key: one creates, the other gets 412; for integrations too', async () => {
    for (const [path, body] of [
      ['/code/checks/raced', { name: 'Raced', grace_sec: 60, schedule: { kind: 'period', period_sec: 3600 } }],
      ['/code/integrations/raced', { kind: 'webhook', name: 'Raced', events: ['down'], config: { url: HOOK_URL } }],
    ] as const) {
      const create = () => h.call('PUT', path, { key: target.rwKey, body, headers: { 'if-none-match': '*' } });
      const results = await Promise.all([create(), create()]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 412]);
      expect(results.find((r) => r.status === 412)!.body.message).toMatch(/^the (check|integration) "raced" was created since it was planned/);
      const del = await h.call('DELETE', path, { key: target.rwKey, headers: { 'if-match': results.find((r) => r.status === 201)!.body.data.etag } });
      expect(del.status).toBe(204);
    }
  });

  test('an edit between plan and apply: apply stops with a clear message before writing that check', async () => {
    expect(await cli(['apply'], target.rwKey, env)).toMatchObject({ exit: 0 });
    const file = path.join(dir, 'upmon/project.yaml');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace('name: Timer', 'name: Timer (renamed)'));
    const realFetch = globalThis.fetch;
    const row = await h.prisma.check.findFirstOrThrow({ where: { projectId: target.project.id, codeKey: 'timer-oncalendar' } });
    // Someone edits the check in the app right after the CLI has planned.
    globalThis.fetch = async (input, init) => {
      const res = await realFetch(input, init);
      if (String(input).endsWith('/code/plan')) await h.call('PATCH', `/checks/${row.id}`, { key: target.rwKey, body: { grace_sec: 180 } });
      return res;
    };
    try {
      const res = await cli(['apply'], target.rwKey, env);
      expect(res.exit).toBe(1);
      expect(res.err).toContain(
        'error: the check "timer-oncalendar" was changed since it was planned (another apply or an edit in the app); plan again (HTTP 412)',
      );
      expect(res.err).toContain('Applied 0 of 1 changes');
    } finally {
      globalThis.fetch = realFetch;
      writeFileSync(file, text);
    }
    const after = await h.prisma.check.findUniqueOrThrow({ where: { id: row.id } });
    expect([after.name, after.graceSec]).toEqual(['Timer', 180]);
  });
});

describe('bad files: each a message with file, line and field, and nothing applied', () => {
  const good = readFileSync(new URL('./fixtures/monitoring-as-code.yaml', import.meta.url), 'utf8');
  const cases: [string, Record<string, string>, string][] = [
    ['YAML syntax error', { 'a.yaml': good.replace('grace_sec: 60', 'grace_sec: [60') }, 'a.yaml:13:5: '],
    [
      'unknown field',
      { 'a.yaml': good.replace('    grace_sec: 60\n', '    grace_sec: 60\n    colour: red\n') },
      'a.yaml:13:5: checks.site.colour: unknown field',
    ],
    ['wrong type', { 'a.yaml': good.replace('grace_sec: 60', 'grace_sec: sixty') }, 'a.yaml:12:16: checks.site.grace_sec: must be integer'],
    [
      'dangling integration reference',
      { 'a.yaml': good.replace('integrations: [ops]', 'integrations: [ops, pager]') },
      'a.yaml:15:25: checks.site.integrations.1: no integration with key "pager" in the files',
    ],
    ['duplicate key in a file', { 'a.yaml': `${good}  site:\n    name: Again\n    grace_sec: 60\n` }, 'a.yaml:20:3: Map keys must be unique'],
    [
      'duplicate key across files',
      { 'a.yaml': good, 'b.yaml': 'checks:\n  site:\n    name: Other\n    grace_sec: 60\n' },
      'b.yaml:2:3: checks.site: duplicate key: also defined at bad/a.yaml:9',
    ],
    [
      'a credential written literally',
      { 'a.yaml': good.replace('${OPS_HOOK}', 'https://hooks.example/literal') },
      'a.yaml:7:7: integrations.ops.config: does not match any of the forms allowed here',
    ],
    [
      'a variable not set',
      { 'a.yaml': good.replace('${OPS_HOOK}', '${UNSET_HOOK}') },
      'a.yaml:7:12: integrations.ops.config.url: environment variable UNSET_HOOK is not set',
    ],
    [
      'a value only the API can judge (a cron expression)',
      { 'a.yaml': `${good}  nightly:\n    name: N\n    grace_sec: 60\n    schedule: { kind: cron, cron: "61 * * * *" }\n` },
      'a.yaml:23:35: checks.nightly.schedule.cron: is not a valid cron expression',
    ],
  ];

  test.each(cases)('%s', async (_name, files, message) => {
    rmSync(path.join(dir, 'bad'), { recursive: true, force: true });
    for (const [name, text] of Object.entries(files)) {
      const file = path.join(dir, 'bad', name);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
    const before = await snapshot(target.project.id);
    const res = await cli(['apply', 'bad', '--prune'], target.rwKey, { OPS_HOOK: HOOK_URL });
    expect(res.exit).toBe(1);
    expect(res.err).toContain(`bad/${message}`);
    expect(res.out).toBe('');
    expect(await snapshot(target.project.id)).toEqual(before);
  });
});

describe('prune', () => {
  test('a resource the files no longer name is kept by apply and deleted by apply --prune only', async () => {
    expect(await cli(['apply'], target.rwKey, env)).toMatchObject({ exit: 0 });
    const file = path.join(dir, 'upmon/project.yaml');
    const text = readFileSync(file, 'utf8');
    writeFileSync(file, text.replace(/ {2}mx-dns:\n(?: {4}.*\n)+/, ''));
    try {
      const plan = await cli(['plan'], target.rwKey, env);
      expect(plan).toMatchObject({
        exit: 0,
        out: '? check mx-dns: live but not in the files (kept; apply --prune deletes it)\nNo changes: 8 resources as in the files.\n',
      });
      expect(await cli(['apply'], target.rwKey, env)).toMatchObject({ exit: 0 });
      expect((await snapshot(target.project.id)).map((c) => c.codeKey)).toContain('mx-dns');
      const pruned = await cli(['apply', '--prune'], target.rwKey, env);
      expect(pruned.out).toContain('- check mx-dns (delete)\nPlan: 0 to create, 0 to update, 1 to delete, 8 unchanged.\n');
      expect(pruned).toMatchObject({ exit: 0 });
      expect((await snapshot(target.project.id)).map((c) => c.codeKey)).not.toContain('mx-dns');
      expect(await cli(['plan', '--prune'], target.rwKey, env)).toMatchObject({ exit: 0 });
    } finally {
      writeFileSync(file, text);
    }
  });
});
