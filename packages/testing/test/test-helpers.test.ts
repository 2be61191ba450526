import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { eventually, startTcpProxy } from '../src/index.js';

describe('eventually', () => {
  it('resolves with the first value that is not null, undefined or false', async () => {
    const values = [null, undefined, false, 0, 7];
    expect(await eventually(() => values.shift(), 1_000)).toBe(0);
    expect(await eventually(async () => values.shift() ?? null, 1_000)).toBe(7);
  });

  it('rejects after the timeout, naming what it waited for', async () => {
    await expect(eventually(() => false, 50, 'the moon')).rejects.toThrow('timed out after 50 ms waiting for the moon');
  });
});

describe('startTcpProxy', () => {
  let echo: net.Server;
  let echoPort: number;
  beforeAll(async () => {
    echo = net.createServer((s) => s.pipe(s));
    await new Promise<void>((r) => echo.listen(0, '127.0.0.1', r));
    echoPort = (echo.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((r) => echo.close(r)));

  /** Sends `text` through the proxy; resolves with the echo, or with 'closed' if the proxy drops the connection. */
  const roundTrip = (port: number, text: string) =>
    new Promise<string>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => s.write(text));
      s.on('data', (d) => {
        resolve(d.toString());
        s.destroy();
      });
      s.on('error', () => resolve('closed'));
      s.on('close', () => resolve('closed'));
    });

  it('passes bytes through, drops and refuses connections while cut, and lets them through again', async () => {
    const proxy = await startTcpProxy({ host: '127.0.0.1', port: echoPort });
    try {
      expect(await roundTrip(proxy.port, 'hello')).toBe('hello');
      const held = net.connect(proxy.port, '127.0.0.1');
      await new Promise((r) => held.once('connect', r));
      const heldClosed = new Promise((r) => held.once('close', r));
      proxy.cut();
      await heldClosed;
      expect(await roundTrip(proxy.port, 'anyone?')).toBe('closed');
      proxy.restore();
      expect(await roundTrip(proxy.port, 'again')).toBe('again');
    } finally {
      await proxy.close();
    }
  });

  it('can start cut', async () => {
    const proxy = await startTcpProxy({ host: '127.0.0.1', port: echoPort }, { cut: true });
    try {
      expect(await roundTrip(proxy.port, 'x')).toBe('closed');
      proxy.restore();
      expect(await roundTrip(proxy.port, 'y')).toBe('y');
    } finally {
      await proxy.close();
    }
  });
});
