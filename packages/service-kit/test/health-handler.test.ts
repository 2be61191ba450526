import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { createLogger } from '@upmon/logger';
import { healthRequestHandler } from '../src/health-server.js';

async function serve(handler: ReturnType<typeof healthRequestHandler>): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => void handler(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(() => r())) };
}

describe('/readyz', () => {
  const failing = { postgres: () => Promise.reject(new Error('connect ECONNREFUSED 10.9.8.7:5432')), redis: () => Promise.resolve() };

  it('names each dependency and its error on an internal health port', async () => {
    const s = await serve(healthRequestHandler(failing, () => false));
    const res = await fetch(`${s.url}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'not ready', checks: { postgres: 'unavailable: connect ECONNREFUSED 10.9.8.7:5432', redis: 'ok' } });
    await s.close();
  });

  it('says only ready or not without details, and logs the details instead', async () => {
    const lines: string[] = [];
    const logger = createLogger({ service: 't', level: 'info', destination: new Writable({ write: (c, _e, cb) => (lines.push(String(c)), cb()) }) });
    const s = await serve(healthRequestHandler(failing, () => false, { details: false, logger }));
    const res = await fetch(`${s.url}/readyz`);
    expect(res.status).toBe(503);
    expect(await res.text()).toBe('{"status":"not ready"}');
    expect(lines.join('')).toContain('10.9.8.7:5432');
    await s.close();
  });
});
