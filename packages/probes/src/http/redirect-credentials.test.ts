import { startRecordingServer, type RecordingServer } from '@upmon/testing';
import { testContext } from '../../test/probe-servers.js';
import { httpKind } from './index.js';
import { httpConfigSchema } from './http-schema.js';

/**
 * Two real servers on loopback recording what they receive: the check's own origin and another
 * one (another port). Which of them sees the check's custom headers and basic auth after redirects.
 */
let ctx: ReturnType<typeof testContext>;
let home: RecordingServer;
let other: RecordingServer;

const BASIC = `Basic ${Buffer.from('alice:s3cret').toString('base64')}`;

beforeAll(async () => {
  ctx = testContext({});
  home = await startRecordingServer();
  other = await startRecordingServer();
});
afterAll(async () => {
  await home.close();
  await other.close();
  ctx.destroy();
});
beforeEach(() => {
  home.requests.length = 0;
  other.requests.length = 0;
});

/** Each server answers its paths by `routes` (a redirect target, or 200). */
function route(server: RecordingServer, routes: Record<string, string>) {
  server.respond((req) => (routes[req.path] ? { status: 302, headers: { location: routes[req.path] as string } } : {}));
}

async function probe(url: string) {
  const { error, value } = httpConfigSchema.validate({
    url,
    headers: { 'X-Api-Key': 'key-123', Authorization: 'Bearer tok-456' },
    basic_auth: { username: 'alice', password: 's3cret' },
  });
  if (error) throw error;
  return httpKind.probe(httpKind.fromJson(value), ctx);
}

const credentialsOf = (headers: Record<string, unknown>) => ({ key: headers['x-api-key'], authorization: headers.authorization });

describe('http checks send credentials and custom headers only to their own origin', () => {
  it('a redirect to another origin gets neither the custom headers nor basic auth', async () => {
    route(home, { '/start': `${other.url}/landing` });
    route(other, {});
    const r = await probe(`${home.url}/start`);
    expect(r.ok).toBe(true);
    expect(credentialsOf(home.requests[0]!.headers)).toEqual({ key: 'key-123', authorization: BASIC });
    expect(other.requests).toHaveLength(1);
    expect(credentialsOf(other.requests[0]!.headers)).toEqual({ key: undefined, authorization: undefined });
  });

  it('another host name on the same port is another origin', async () => {
    const byName = home.url.replace('127.0.0.1', 'localhost');
    route(home, { '/start': `${byName}/landing` });
    await probe(`${home.url}/start`);
    expect(home.requests.map((q) => [q.path, q.headers.host, q.headers['x-api-key']])).toEqual([
      ['/start', new URL(home.url).host, 'key-123'],
      ['/landing', new URL(byName).host, undefined],
    ]);
  });

  it('a redirect within the origin keeps them, and a hop back to the origin gets them again', async () => {
    route(home, { '/start': '/moved', '/moved': `${other.url}/away` });
    route(other, { '/away': `${home.url}/back` });
    const r = await probe(`${home.url}/start`);
    expect(r.ok).toBe(true);
    expect(home.requests.map((q) => [q.path, credentialsOf(q.headers)])).toEqual([
      ['/start', { key: 'key-123', authorization: BASIC }],
      ['/moved', { key: 'key-123', authorization: BASIC }],
      ['/back', { key: 'key-123', authorization: BASIC }],
    ]);
    expect(other.requests.map((q) => [q.path, credentialsOf(q.headers)])).toEqual([['/away', { key: undefined, authorization: undefined }]]);
  });

  it('user info in the check’s URL is basic auth too: sent to the origin only', async () => {
    route(home, { '/start': `${other.url}/away` });
    route(other, { '/away': `${home.url}/back` });
    const { error, value } = httpConfigSchema.validate({ url: home.url.replace('://', '://bob:pw%40x@') + '/start' });
    if (error) throw error;
    await httpKind.probe(httpKind.fromJson(value), ctx);
    const bob = `Basic ${Buffer.from('bob:pw@x').toString('base64')}`;
    expect(home.requests.map((q) => q.headers.authorization)).toEqual([bob, bob]);
    expect(other.requests.map((q) => q.headers.authorization)).toEqual([undefined]);
  });
});
