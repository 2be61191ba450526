// The world Healthchecks' own tests (hc/api/tests) run in, restated for their ports in
// test/healthchecks-ported/: the built api process (`pnpm build` first) on a fresh database and
// Redis prefix, reached over HTTP only, and Healthchecks' BaseTestCase fixtures: Alice's project
// (here a fresh pro account per test, with read-write and read-only keys), Bob's project.
import { createPrismaClient, type PrismaClient } from '@upmon/db';
import {
  createTestDatabase,
  dropRedisPrefix,
  makeProjectWithKeys,
  startService,
  testRedisPrefix,
  testRedisUrl,
  type ServiceProcess,
  type TestDatabase,
} from '@upmon/testing';

export interface HcAnswer {
  status: number;
  /** The body parsed as JSON, or undefined. */
  body: any;
  text: string;
  headers: Headers;
}

export interface HcCall {
  key?: string;
  body?: unknown;
  rawBody?: string | Buffer;
  headers?: Record<string, string>;
  version?: 1 | 2 | 3;
}

/** A call to the Healthchecks API at `<base>/api/v<version><path>`, the key in X-Api-Key. */
export async function hcCall(baseUrl: string, method: string, path: string, opts: HcCall = {}): Promise<HcAnswer> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.key) headers['x-api-key'] = opts.key;
  let body: string | Buffer | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(`${baseUrl}/api/v${opts.version ?? 3}${path}`, {
    method,
    headers,
    body: typeof body === 'string' || body === undefined ? body : new Uint8Array(body),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, body: json, text, headers: res.headers };
}

/** Alice's project in Healthchecks' tests: its keys and ids. */
export interface HcProject {
  projectId: string;
  accountId: string;
  rw: string;
  ro: string;
  pingKey: string;
  badgeKey: string;
}

export interface HcWorld {
  api: ServiceProcess;
  prisma: PrismaClient;
  /** A new pro account and project (each test its own, so budgets and lists start empty). */
  project(): Promise<HcProject>;
  /** A request to a ping URL (or any other path of the api). */
  ping(path: string, init?: RequestInit): Promise<Response>;
  hc(method: string, path: string, opts?: HcCall): Promise<HcAnswer>;
  close(): Promise<void>;
}

/**
 * The api as Healthchecks' tests need it: 127.0.0.1 is a trusted proxy (its tests send
 * X-Forwarded-For from the test client), pings keep up to 10,000 bytes (the limit its tests set).
 */
export async function startHcWorld(env: Record<string, string> = {}): Promise<HcWorld> {
  const db: TestDatabase = await createTestDatabase();
  const prisma = createPrismaClient(db.url, { poolSize: 2 });
  const prefix = testRedisPrefix();
  const api = await startService('api', {
    DATABASE_URL: db.url,
    REDIS_URL: testRedisUrl(),
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'warn',
    TRUSTED_PROXIES: '127.0.0.1/32',
    PING_BODY_LIMIT_BYTES: '10000',
    ...env,
  });
  return {
    api,
    prisma,
    async project() {
      const p = await makeProjectWithKeys(prisma, 'pro');
      const row = await prisma.project.findUniqueOrThrow({ where: { id: p.project.id } });
      return { projectId: row.id, accountId: row.accountId, rw: p.rwKey, ro: p.roKey, pingKey: row.pingKey, badgeKey: row.badgeKey };
    },
    ping: (path, init) => fetch(`${api.url}${path}`, init),
    hc: (method, path, opts) => hcCall(api.url, method, path, opts),
    async close() {
      const code = await api.stop();
      await prisma.$disconnect();
      await db.drop();
      await dropRedisPrefix(prefix);
      if (code !== 0) throw new Error(`api exited with ${code}:\n${api.output()}`);
    },
  };
}

/**
 * The world of one test file: started before its tests (unless `enabled` is false, e.g. when the
 * client under test could not be built), closed after them, and a fresh project, Alice's, before
 * each test (`alice`). Hooks the file registers after this call run after these.
 */
export function useHcWorld(env: Record<string, string> = {}, opts: { enabled?: boolean } = {}): HcWorld & { readonly alice: HcProject } {
  let world: HcWorld | undefined;
  let alice: HcProject | undefined;
  beforeAll(async () => {
    if (opts.enabled ?? true) world = await startHcWorld(env);
  });
  afterAll(async () => {
    await world?.close();
  });
  beforeEach(async () => {
    if (world) alice = await world.project();
  });
  const started = (): HcWorld => {
    if (!world) throw new Error('the api is not started (useHcWorld disabled)');
    return world;
  };
  return {
    get api() {
      return started().api;
    },
    get prisma() {
      return started().prisma;
    },
    get alice() {
      if (!alice) throw new Error('no project before the first test');
      return alice;
    },
    project: () => started().project(),
    ping: (path, init) => started().ping(path, init),
    hc: (method, path, opts) => started().hc(method, path, opts),
    close: () => started().close(),
  };
}
