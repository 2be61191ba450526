import { readFileSync } from 'node:fs';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { createProbeContext, probeKind } from '@upmon/probes';

// The explanations docs/probe-checks.md shows are the ones a probe gives (issue 37: the TCP
// expect example had lost the `\n` a real answer's line end shows as).
const docs = readFileSync(new URL('../../../docs/probe-checks.md', import.meta.url), 'utf8');
const ctx = createProbeContext({ allowCidrs: ['127.0.0.0/8'], userAgent: 'upmon-docs-test/1', now: () => new Date() });
let server: net.Server;

afterAll(async () => {
  ctx.destroy();
  await new Promise((resolve) => server?.close(resolve));
});

it('the TCP expect failure is the text a server answering something else gets', async () => {
  const documented = /Failure `(port 6379 open, but [^`]*)`/.exec(docs)?.[1];
  expect(documented).toBeDefined();
  server = net.createServer((socket) => socket.once('data', () => socket.end('-NOAUTH Authentication required.\r\n')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const tcp = probeKind('tcp');
  const { error, value } = tcp.schema.validate({ host: '127.0.0.1', port, send: 'PING\r\n', expect: '+PONG' });
  expect(error).toBeUndefined();
  const report = await tcp.probe(tcp.fromJson(value), ctx);
  expect(report.explanation.replace(`port ${port} `, 'port 6379 ')).toBe(documented);
});
