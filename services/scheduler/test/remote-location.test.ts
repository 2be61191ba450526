import { probeResultsQueueName } from '@upmon/queue';
import { dropRedisPrefix, eventually, testRedisPrefix, testRedisUrl } from '@upmon/testing';
import { Queue } from 'bullmq';
import { expectOneRoundRecorded, locationsOf, startRemoteLocation, type RemoteLocation } from './remote-location-support.js';

// A remote location on the system Redis over plain TCP (remote-location-support.ts); over TLS in
// remote-location-tls.test.ts.
let loc: RemoteLocation;
const prefix = testRedisPrefix();

beforeAll(async () => {
  loc = await startRemoteLocation(
    {
      url: testRedisUrl(),
      clientOptions: {},
      urlFor: (user, password) => {
        const url = new URL(testRedisUrl());
        url.username = user;
        url.password = password;
        return url.toString();
      },
      proberEnv: {},
    },
    prefix,
  );
});

afterAll(async () => {
  try {
    await loc?.close();
  } finally {
    await dropRedisPrefix(prefix);
  }
});

it("a prober without PostgreSQL probes eu-central's jobs; the scheduler's consumer records the results once", async () => {
  const { ok, failing } = await expectOneRoundRecorded(loc);

  // The same result delivered again (as after a consumer crash between its commit and the job's
  // completion) counts once: no second ping, the failure not counted twice.
  const results = new Queue(probeResultsQueueName('eu-central'), { connection: loc.redis, prefix });
  try {
    const [done] = await results.getJobs(['completed']);
    const again = await results.add('probe-results', done!.data, { jobId: 'redelivered' });
    await eventually(async () => (await again.getState()) === 'completed', 60_000, 'the redelivered result consumed');
  } finally {
    await results.close();
  }
  const pingCount = (checkId: string) => loc.prisma.ping.count({ where: { checkId } });
  expect((await pingCount(ok)) + (await pingCount(failing))).toBe(2);
  expect(await locationsOf(loc.pool, failing)).toEqual([{ location: 'eu-central', status: 'failing', failures_in_row: 1 }]);
});
