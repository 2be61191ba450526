import { createTestCertificates, eventually, startService, startTlsRedis, testRedisPrefix, type TestCertificates, type TlsRedis } from '@upmon/testing';
import { expectOneRoundRecorded, startRemoteLocation, type RemoteLocation } from './remote-location-support.js';

// A remote location over TLS as docs/locations.md ("Redis over TLS") tells an operator to run it:
// a redis-server that speaks TLS only, the prober given `REDIS_URL=rediss://<user>:<pw>@<host>:<port>`
// and the server's CA through NODE_EXTRA_CA_CERTS. The same setup over plain TCP:
// remote-location.test.ts.
let tls: TlsRedis | undefined;
let loc: RemoteLocation | undefined;
let otherCa: TestCertificates | undefined;

beforeAll(async () => {
  tls = await startTlsRedis();
  otherCa = createTestCertificates();
  const server = tls;
  loc = await startRemoteLocation(
    {
      url: server.url(),
      // The scheduler's side runs in this process, started before the CA existed: it is given the CA directly.
      clientOptions: { tls: { ca: server.caCert } },
      urlFor: (user, password) => server.url({ user, password }),
      proberEnv: { NODE_EXTRA_CA_CERTS: server.caPath },
    },
    testRedisPrefix(),
  );
});

afterAll(async () => {
  try {
    await loc?.close();
  } finally {
    otherCa?.cleanup();
    await tls?.stop();
  }
});

it("over TLS, a prober logged in as eu-central's user probes its jobs and the scheduler's consumer records the results", async () => {
  expect(loc!.proberEnv.REDIS_URL).toMatch(/^rediss:\/\/upmon-test-loc-remote-[0-9a-f]+:[0-9a-f]+@localhost:\d+$/);
  await expectOneRoundRecorded(loc!);
});

// The prober starts (its health port answers) but is never ready, and says why in its log and /readyz.
it.each([
  ['a CA that did not sign the server certificate', () => ({ NODE_EXTRA_CA_CERTS: otherCa!.caPath })],
  ['no CA (only the system ones)', () => ({})],
])('a prober that trusts %s fails loudly: not ready, the certificate error in its log and /readyz', async (_, caEnv) => {
  const withoutCa = Object.fromEntries(Object.entries(loc!.proberEnv).filter(([name]) => name !== 'NODE_EXTRA_CA_CERTS'));
  const prober = await startService('prober', { ...withoutCa, ...caEnv() }, { until: 'alive' });
  try {
    let readiness: { status?: string; checks?: Record<string, string> } = {};
    await eventually(
      async () => {
        const res = await fetch(`${prober.url}/readyz`);
        readiness = (await res.json()) as typeof readiness;
        return res.status === 503 && /certificate/.test(readiness.checks?.redis ?? '');
      },
      10_000,
      'readiness names the certificate error',
    ).catch((e: Error) => {
      throw new Error(`${e.message}: ${JSON.stringify(readiness)}\n${prober.output()}`);
    });
    expect(readiness.checks?.redis).toMatch(/^unavailable: connection (connecting|reconnecting) \(last error: self-signed certificate in certificate chain\)$/);
    expect(prober.output()).toMatch(/"level":"error".*"err":"self-signed certificate in certificate chain"/);
  } finally {
    expect(await prober.stop()).toBe(0);
  }
});
