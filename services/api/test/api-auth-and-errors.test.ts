import { generateApiKey } from '@upmon/crypto';
import { eventually, makeApiKey, makeCheck, makeProject, makeProjectWithKeys } from '@upmon/testing';
import { heartbeatBody, startHarness, type Harness } from './support/api-harness.js';

let h: Harness;
let project: { id: string };
let rw: string;
let ro: string;
let checkId: string;
let integrationId: number;

beforeAll(async () => {
  h = await startHarness({ API_BODY_LIMIT_BYTES: '2048' });
  const p = await makeProjectWithKeys(h.prisma, 'pro');
  project = p.project;
  rw = p.rwKey;
  ro = p.roKey;
  checkId = (await makeCheck(h.prisma, project.id)).id;
  const created = await h.call('POST', '/integrations', {
    key: rw,
    body: { kind: 'email', name: 'ops', events: ['down'], config: { email: 'ops@example.com' } },
  });
  integrationId = created.body.data.id;
});
afterAll(async () => {
  await h.close();
});

describe('authentication', () => {
  test.each([
    ['no Authorization header', {}, /missing API key/],
    ['a non-Bearer scheme', { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` }, /malformed/],
    ['Bearer without a key', { authorization: 'Bearer ' }, /malformed/],
    ['a value not shaped like a key', { authorization: 'Bearer hello' }, /malformed/],
    ['an unknown key', { authorization: `Bearer ${generateApiKey('rw').key}` }, /invalid or revoked/],
  ])('401 for %s', async (_name, headers, message) => {
    for (const path of ['/checks', `/checks/${checkId}`, '/integrations']) {
      const res = await h.call('GET', path, { headers });
      expect(res.status).toBe(401);
      expect(res.body.message).toMatch(message);
    }
  });

  test('a revoked key stops working at once', async () => {
    const k = await makeApiKey(h.prisma, project.id, 'rw');
    expect((await h.call('GET', '/checks', { key: k.key })).status).toBe(200);
    await h.prisma.apiKey.update({ where: { id: k.id }, data: { revokedAt: new Date() } });
    const res = await h.call('GET', '/checks', { key: k.key });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'invalid or revoked API key' });
  });

  test('the free plan gets 403 saying why, on reads and writes', async () => {
    const free = await makeProjectWithKeys(h.prisma, 'free');
    for (const [method, key] of [
      ['GET', free.roKey],
      ['POST', free.rwKey],
    ] as const) {
      const res = await h.call(method, '/checks', { key, body: method === 'POST' ? heartbeatBody() : undefined });
      expect(res.status).toBe(403);
      expect(res.body.message).toMatch(/Pro and Business plans.*free plan/);
    }
    expect(await h.prisma.check.count({ where: { projectId: free.project.id } })).toBe(0);
  });

  test('business and pro plans have access', async () => {
    for (const plan of ['pro', 'business'] as const) {
      const p = await makeProjectWithKeys(h.prisma, plan);
      expect((await h.call('GET', '/checks', { key: p.roKey })).status).toBe(200);
    }
  });

  test('last_used_at is set on use and not rewritten within a minute', async () => {
    const k = await makeApiKey(h.prisma, project.id, 'ro');
    expect(k.lastUsedAt).toBeNull();
    await h.call('GET', '/checks', { key: k.key });
    const lastUsedAt = async () => (await h.prisma.apiKey.findUniqueOrThrow({ where: { id: k.id } })).lastUsedAt;
    const first = await eventually(lastUsedAt, 60_000, 'last_used_at to be set');
    await h.call('GET', '/checks', { key: k.key });
    await new Promise((r) => setTimeout(r, 100));
    expect((await h.prisma.apiKey.findUniqueOrThrow({ where: { id: k.id } })).lastUsedAt).toEqual(first);
    // Older than a minute: rewritten.
    await h.prisma.apiKey.update({ where: { id: k.id }, data: { lastUsedAt: new Date(Date.now() - 61_000) } });
    await h.call('GET', '/checks', { key: k.key });
    await eventually(async () => (await lastUsedAt())!.getTime() > Date.now() - 10_000, 60_000, 'last_used_at to be rewritten');
  });
});

describe('read-only keys', () => {
  const writes = () =>
    [
      ['POST', '/checks', heartbeatBody()],
      ['PATCH', `/checks/${checkId}`, { name: 'x' }],
      ['DELETE', `/checks/${checkId}`, undefined],
      ['POST', `/checks/${checkId}/pause`, undefined],
      ['POST', `/checks/${checkId}/resume`, undefined],
      ['POST', '/integrations', { kind: 'email', name: 'x', events: ['down'], config: { email: 'a@b.co' } }],
      ['PATCH', `/integrations/${integrationId}`, { name: 'x' }],
      ['DELETE', `/integrations/${integrationId}`, undefined],
    ] as const;

  test('get 403 on every non-GET endpoint, and nothing changes', async () => {
    for (const [method, path, body] of writes()) {
      const res = await h.call(method, path, { key: ro, body });
      expect([method, path, res.status]).toEqual([method, path, 403]);
      expect(res.body.message).toMatch(/read-write API key/);
    }
    const check = await h.prisma.check.findUniqueOrThrow({ where: { id: checkId } });
    expect(check.status).toBe('new');
    expect(await h.prisma.integration.count({ where: { projectId: project.id } })).toBe(1);
  });

  test('may call every GET endpoint', async () => {
    for (const path of ['/checks', `/checks/${checkId}`, `/checks/${checkId}/pings`, `/checks/${checkId}/flips`, '/integrations']) {
      expect([path, (await h.call('GET', path, { key: ro })).status]).toEqual([path, 200]);
    }
  });
});

describe('other projects', () => {
  test("never see this project's checks or integrations (404, never 403)", async () => {
    const other = await makeProjectWithKeys(h.prisma, 'business');
    for (const [method, path, body] of [
      ['GET', `/checks/${checkId}`, undefined],
      ['PATCH', `/checks/${checkId}`, { name: 'x' }],
      ['DELETE', `/checks/${checkId}`, undefined],
      ['POST', `/checks/${checkId}/pause`, undefined],
      ['POST', `/checks/${checkId}/resume`, undefined],
      ['GET', `/checks/${checkId}/pings`, undefined],
      ['GET', `/checks/${checkId}/flips`, undefined],
      ['PATCH', `/integrations/${integrationId}`, { name: 'x' }],
      ['DELETE', `/integrations/${integrationId}`, undefined],
    ] as const) {
      const res = await h.call(method, path, { key: other.rwKey, body });
      expect([method, path, res.status]).toEqual([method, path, 404]);
    }
    expect((await h.call('GET', '/checks', { key: other.rwKey })).body.data).toEqual([]);
    expect((await h.call('GET', '/integrations', { key: other.rwKey })).body.data).toEqual([]);
    // A project of the same account is "another project" too.
    const sibling = await makeProject(h.prisma, { accountId: (await h.prisma.project.findUniqueOrThrow({ where: { id: project.id } })).accountId });
    const siblingKey = await makeApiKey(h.prisma, sibling.id, 'rw');
    expect((await h.call('GET', `/checks/${checkId}`, { key: siblingKey.key })).status).toBe(404);
  });
});

describe('request bodies', () => {
  test('malformed JSON → 400', async () => {
    const res = await h.call('POST', '/checks', { key: rw, rawBody: '{"name": ', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'request body is not valid JSON' });
  });

  test('JSON that is not an object → 400', async () => {
    for (const raw of ['[1,2]', '"text"', '42', 'null', 'true']) {
      for (const [method, path] of [
        ['POST', '/checks'],
        ['PATCH', `/checks/${checkId}`],
        ['POST', '/integrations'],
        ['PATCH', `/integrations/${integrationId}`],
        ['POST', `/checks/${checkId}/pause`],
      ] as const) {
        const res = await h.call(method, path, { key: rw, rawBody: raw, headers: { 'content-type': 'application/json' } });
        expect([raw, method, path, res.status]).toEqual([raw, method, path, 400]);
        expect(res.body).toEqual({ message: 'request body must be a JSON object' });
      }
    }
  });

  test('a body that is not JSON at all is read as JSON whatever its content type → 400', async () => {
    const res = await h.call('POST', '/checks', { key: rw, rawBody: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(400);
  });

  test('a charset other than UTF-8 → 415', async () => {
    const res = await h.call('POST', '/checks', { key: rw, rawBody: '{}', headers: { 'content-type': 'application/json; charset=latin1' } });
    expect(res.status).toBe(415);
    expect(res.body.message).toEqual(expect.any(String));
  });

  test('a body over API_BODY_LIMIT_BYTES → 413', async () => {
    const res = await h.call('POST', '/checks', { key: rw, body: heartbeatBody({ description: 'x'.repeat(3000) }) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'request body is larger than 2048 bytes' });
  });

  test('no body on POST /checks is a 422 listing the required fields', async () => {
    const res = await h.call('POST', '/checks', { key: rw });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['grace_sec', 'name', 'schedule']);
  });
});

describe('routing and unexpected errors', () => {
  test('unknown routes under /api/v1 → 404 JSON, with or without a key', async () => {
    for (const [method, path, key] of [
      ['GET', '/nope', undefined],
      ['GET', '/nope', rw],
      ['POST', '/ping-domains', undefined],
      ['GET', `/checks/${checkId}/nope`, rw],
      ['PUT', `/checks/${checkId}`, rw],
      ['GET', '/integrations/1', rw],
    ] as const) {
      const res = await h.call(method, path, { key });
      expect([method, path, res.status]).toEqual([method, path, 404]);
      expect(res.body).toEqual({ message: expect.any(String) });
    }
  });

  test('unknown integration ids (also non-numeric) → 404', async () => {
    for (const id of ['999999', 'abc', '0', '-1', '99999999999']) {
      expect((await h.call('PATCH', `/integrations/${id}`, { key: rw, body: { name: 'x' } })).status).toBe(404);
    }
  });

  test('an unexpected failure → 500 {message, error_id}, logged under the same id, no internals leaked', async () => {
    // A real failure, no mocks: the table the handler reads is gone.
    await h.prisma.$executeRawUnsafe('ALTER TABLE integrations RENAME TO integrations_gone');
    try {
      const res = await h.call('GET', '/integrations', { key: ro });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ message: 'internal server error', error_id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      expect(res.text).not.toMatch(/integrations|stack|at /i);
      const logged = h.logs.map((l) => JSON.parse(l)).find((l) => l.errorId === res.body.error_id);
      expect(logged).toMatchObject({ level: 'error', msg: 'unhandled error', path: '/integrations' });
    } finally {
      await h.prisma.$executeRawUnsafe('ALTER TABLE integrations_gone RENAME TO integrations');
    }
  });
});
