import http from 'node:http';
import type { AddressInfo } from 'node:net';
import got, { RequestError } from 'got';
import { createGuardedLookup } from './guarded-lookup.js';
import { parseAllowList } from './address-policy.js';
import { createOutboundGuard } from './outbound-guard.js';

interface Recorder {
  server: http.Server;
  port: number;
  hits: string[];
}

function listen(host: string, handler: http.RequestListener): Promise<Recorder> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    handler(req, res);
  });
  return new Promise((resolve) => server.listen(0, host, () => resolve({ server, port: (server.address() as AddressInfo).port, hits })));
}

async function errorOf(p: Promise<unknown>): Promise<RequestError> {
  try {
    await p;
  } catch (err) {
    return err as RequestError;
  }
  throw new Error('request was not blocked');
}

let target: Recorder;
let redirector: Recorder;

beforeAll(async () => {
  target = await listen('127.0.0.1', (_req, res) => res.end('secret'));
  // Listens on 127.0.0.2 (still loopback on Linux) so a test can allow it alone.
  redirector = await listen('127.0.0.2', (_req, res) => {
    res.writeHead(302, { location: `http://127.0.0.1:${target.port}/internal` });
    res.end();
  });
});

afterAll(async () => {
  await new Promise((r) => target.server.close(r));
  await new Promise((r) => redirector.server.close(r));
});

beforeEach(() => {
  target.hits.length = 0;
  redirector.hits.length = 0;
});

describe('default policy', () => {
  const guard = createOutboundGuard();
  const client = guard.extend(got);
  afterAll(() => guard.destroy());

  it('blocks a literal loopback IP before connecting', async () => {
    const err = await errorOf(client(`http://127.0.0.1:${target.port}/`, { retry: { limit: 0 } }));
    expect(err.code).toBe('EOUTBOUNDBLOCKED');
    expect(err.message).toContain('127.0.0.1: loopback');
    expect(target.hits).toEqual([]);
  });

  it('blocks a hostname that resolves to loopback (localhost)', async () => {
    const err = await errorOf(client(`http://localhost:${target.port}/`, { retry: { limit: 0 } }));
    expect(err.code).toBe('EOUTBOUNDBLOCKED');
    // Names what the user typed, never the address it resolved to.
    expect(err.message).toBe('blocked localhost: loopback address (not in OUTBOUND_ALLOW_CIDRS)');
    expect(target.hits).toEqual([]);
  });

  it('blocks IPv6 loopback and IPv4-mapped IPv6 literals', async () => {
    for (const url of [`http://[::1]:${target.port}/`, `http://[::ffff:127.0.0.1]:${target.port}/`, `https://[::ffff:7f00:1]:${target.port}/`]) {
      const err = await errorOf(client(url, { retry: { limit: 0 } }));
      expect(err.code).toBe('EOUTBOUNDBLOCKED');
    }
    expect(target.hits).toEqual([]);
  });

  it('blocks https and cloud metadata too', async () => {
    const err = await errorOf(client('https://169.254.169.254/latest/meta-data/', { retry: { limit: 0 }, timeout: { request: 2000 } }));
    expect(err.code).toBe('EOUTBOUNDBLOCKED');
    expect(err.message).toContain('cloud metadata');
  });
});

describe('redirects', () => {
  // Only the redirector's address is allowed: the hop to 127.0.0.1 must be refused.
  const guard = createOutboundGuard({ allowCidrs: ['127.0.0.2/32'] });
  const client = guard.extend(got);
  afterAll(() => guard.destroy());

  it('refuses a redirect to a blocked address', async () => {
    const err = await errorOf(client(`http://127.0.0.2:${redirector.port}/`, { retry: { limit: 0 } }));
    expect(redirector.hits).toEqual(['/']);
    expect(err.code).toBe('EOUTBOUNDBLOCKED');
    expect(err.message).toContain('127.0.0.1: loopback');
    expect(target.hits).toEqual([]);
  });

  it('the same redirect without following it returns the 302', async () => {
    const res = await client(`http://127.0.0.2:${redirector.port}/`, { followRedirect: false, throwHttpErrors: false });
    expect(res.statusCode).toBe(302);
  });
});

describe('allow-list', () => {
  const guard = createOutboundGuard({ allowCidrs: ['127.0.0.0/8', '::1/128'] });
  const client = guard.extend(got);
  afterAll(() => guard.destroy());

  it('reaches allowed addresses, by IP, by name and through redirects', async () => {
    expect((await client(`http://127.0.0.1:${target.port}/a`)).body).toBe('secret');
    expect((await client(`http://localhost:${target.port}/b`)).body).toBe('secret');
    expect((await client(`http://127.0.0.2:${redirector.port}/c`)).body).toBe('secret');
    expect(target.hits).toEqual(['/a', '/b', '/internal']);
  });

  it('still blocks what the list does not cover', async () => {
    const err = await errorOf(client('http://10.0.0.1:9/', { retry: { limit: 0 }, timeout: { request: 2000 } }));
    expect(err.code).toBe('EOUTBOUNDBLOCKED');
    expect(err.message).toContain('private');
  });
});

describe('guarded lookup (DNS rebinding)', () => {
  it('checks every resolution, so a name that rebinds to loopback is refused', async () => {
    const answers = ['93.184.216.34', '127.0.0.1'];
    const fakeResolve = ((_h: string, _o: unknown, cb: (e: null, a: { address: string; family: number }[]) => void) =>
      cb(null, [{ address: answers.shift() as string, family: 4 }])) as never;
    const lookup = createGuardedLookup(parseAllowList([]), fakeResolve);
    const call = () =>
      new Promise<{ err: Error | null; address: unknown }>((resolve) => lookup('rebind.example', {}, (err, address) => resolve({ err, address })));
    expect(await call()).toEqual({ err: null, address: '93.184.216.34' });
    const second = await call();
    expect((second.err as NodeJS.ErrnoException).code).toBe('EOUTBOUNDBLOCKED');
  });

  it.each([['::ffff:0:7f00:1'], ['::ffff:0:a9fe:a9fe'], ['64:ff9b::a9fe:a9fe'], ['not an address'], [undefined]])(
    'answers %s with a refusal and never throws inside the callback',
    async (address) => {
      const fakeResolve = ((_h: string, _o: unknown, cb: (e: null, a: unknown[]) => void) => cb(null, [{ address, family: 6 }])) as never;
      const lookup = createGuardedLookup(parseAllowList(['10.0.0.0/8']), fakeResolve);
      const result = await new Promise<{ err: NodeJS.ErrnoException | null }>((resolve) => lookup('odd.example', {}, (err) => resolve({ err })));
      expect(result.err?.code).toBe('EOUTBOUNDBLOCKED');
      expect(result.err?.message).toMatch(/^blocked odd\.example: /);
    },
  );

  it('drops blocked addresses from a mixed answer and keeps the public ones', async () => {
    const fakeResolve = ((_h: string, _o: unknown, cb: (e: null, a: { address: string; family: number }[]) => void) =>
      cb(null, [
        { address: '10.0.0.5', family: 4 },
        { address: '93.184.216.34', family: 4 },
      ])) as never;
    const lookup = createGuardedLookup(parseAllowList([]), fakeResolve);
    const result = await new Promise((resolve) => lookup('mixed.example', { all: true }, (err, address) => resolve({ err, address })));
    expect(result).toEqual({ err: null, address: [{ address: '93.184.216.34', family: 4 }] });
  });
});

describe('guarded TCP connections (probes that speak TCP or TLS)', () => {
  const connectResult = (socket: import('node:net').Socket) =>
    new Promise<{ connected: boolean; code?: string; message?: string }>((resolve) => {
      socket.once('connect', () => {
        if (!socket.destroyed) resolve({ connected: true });
      });
      socket.once('error', (err: NodeJS.ErrnoException) => resolve({ connected: false, code: err.code, message: err.message }));
    });

  it('blocks loopback by IP and by name before any packet, and metadata always', async () => {
    const guard = createOutboundGuard();
    try {
      for (const host of ['127.0.0.1', 'localhost', '::ffff:127.0.0.1']) {
        const socket = guard.connect({ host, port: target.port });
        expect(await connectResult(socket)).toMatchObject({ connected: false, code: 'EOUTBOUNDBLOCKED' });
        socket.destroy();
      }
      const meta = guard.connect({ host: '169.254.169.254', port: 80 });
      expect(await connectResult(meta)).toMatchObject({ code: 'EOUTBOUNDBLOCKED', message: expect.stringContaining('cloud metadata') });
    } finally {
      guard.destroy();
    }
    expect(target.hits).toEqual([]);
  });

  it('connects to an allowed address', async () => {
    const guard = createOutboundGuard({ allowCidrs: ['127.0.0.0/8'] });
    const socket = guard.connect({ host: 'localhost', port: target.port });
    expect(await connectResult(socket)).toEqual({ connected: true });
    socket.destroy();
    guard.destroy();
  });
});
