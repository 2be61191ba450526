import { randomBytes } from 'node:crypto';
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { ProbeResultQueue, Queues, locationAclRules, probeQueueName, probeResultsQueueName } from '@upmon/queue';
import { dropRedisPrefix, testRedisPrefix, testRedisUrl } from '@upmon/testing';

// The ACL of docs/locations.md ("Redis ACLs"), tried on the real Redis with temporary users (never
// the default user): a location's credentials run BullMQ's worker on its own queue, and cannot read,
// take or add jobs of another location's queue.
const prefix = testRedisPrefix();
const suffix = randomBytes(4).toString('hex');
const users = { eu: `upmon-test-loc-eu-${suffix}`, us: `upmon-test-loc-us-${suffix}` };
const password = randomBytes(16).toString('hex');
const CHECK = '00000000-0000-4000-8000-0000000000a1';

let admin: Redis;
let producer: Redis;
let queues: Queues;
const opened: { close(): Promise<unknown> }[] = [];
const clients: Redis[] = [];

function asLocation(user: string): Redis {
  const url = new URL(testRedisUrl());
  const redis = new Redis({ host: url.hostname, port: Number(url.port || 6379), username: user, password, maxRetriesPerRequest: null, lazyConnect: true });
  redis.on('error', () => undefined);
  clients.push(redis);
  return redis;
}

beforeAll(async () => {
  admin = new Redis(testRedisUrl());
  producer = new Redis(testRedisUrl(), { maxRetriesPerRequest: 1 });
  for (const [location, user] of [
    ['eu-central', users.eu],
    ['us-east', users.us],
  ] as const) {
    await admin.call('ACL', 'SETUSER', user, 'reset', 'on', `>${password}`, ...locationAclRules(prefix, location));
  }
  queues = new Queues(producer, prefix);
  await queues.enqueueProbes('eu-central', [{ probes: [{ checkId: CHECK, scheduledAt: '2026-11-27T12:00:00.000Z' }] }]);
  await queues.enqueueProbes('us-east', [{ probes: [{ checkId: CHECK, scheduledAt: '2026-11-27T12:00:00.000Z' }] }]);
});

afterAll(async () => {
  for (const o of opened) await o.close().catch(() => undefined);
  for (const c of clients) c.disconnect();
  await queues.close();
  await admin.call('ACL', 'DELUSER', users.eu, users.us);
  admin.disconnect();
  producer.disconnect();
  await dropRedisPrefix(prefix);
});

it('the rules are the documented ones', () => {
  expect(locationAclRules('upmon', 'eu-central').join(' ')).toBe(
    'resetkeys ~upmon:probes-eu-central:* ~upmon:probe-claims-eu-central:* ~upmon:probe-results-eu-central:* resetchannels -@all +@read +@write +@scripting +@blocking +@connection +@transaction -@dangerous -keys -scan -randomkey +info',
  );
});

it("a location's worker takes and completes its own location's jobs", async () => {
  const seen: Job[] = [];
  const done = new Promise<void>((resolve) => {
    const worker = new Worker(
      probeQueueName('eu-central'),
      async (job) => {
        seen.push(job);
      },
      { connection: asLocation(users.eu), prefix },
    );
    worker.on('completed', () => resolve());
    worker.on('error', () => undefined);
    opened.push(worker);
  });
  await done;
  expect(seen.map((j) => j.data)).toEqual([{ probes: [{ checkId: CHECK, scheduledAt: '2026-11-27T12:00:00.000Z' }] }]);
  // Its probe claims too.
  const eu = asLocation(users.eu);
  await expect(eu.set(`${prefix}:probe-claims-eu-central:${CHECK}:1`, 'job', 'PX', 1000, 'NX')).resolves.toBe('OK');
});

const RESULT = { checkId: CHECK, scheduledAt: '2026-11-27T12:00:00.000Z', result: 'eyJvayI6dHJ1ZX0=' };

it('a location adds results to its own results queue only', async () => {
  const own = new ProbeResultQueue(asLocation(users.eu), prefix, 'eu-central');
  opened.push(own);
  await own.add({ ...RESULT, location: 'eu-central' });
  expect(await producer.lrange(`${prefix}:${probeResultsQueueName('eu-central')}:wait`, 0, -1)).toHaveLength(1);

  const other = new ProbeResultQueue(asLocation(users.eu), prefix, 'us-east');
  opened.push(other);
  await expect(other.add({ ...RESULT, location: 'us-east' })).rejects.toThrow(/NOPERM/);
  expect(await producer.exists(`${prefix}:${probeResultsQueueName('us-east')}:wait`)).toBe(0);
  // Nor read another location's results.
  await expect(asLocation(users.eu).lrange(`${prefix}:${probeResultsQueueName('us-east')}:wait`, 0, -1)).rejects.toThrow(/NOPERM/);
});

it("a location cannot read, take or add another location's jobs, nor list keys", async () => {
  const eu = asLocation(users.eu);
  const usQueue = `${prefix}:${probeQueueName('us-east')}`;
  const [waiting] = await producer.lrange(`${usQueue}:wait`, 0, 0);
  expect(waiting).toBeDefined();
  await expect(eu.hgetall(`${usQueue}:${waiting}`)).rejects.toThrow(/NOPERM/);
  await expect(eu.lrange(`${usQueue}:wait`, 0, -1)).rejects.toThrow(/NOPERM/);
  await expect(eu.get(`${prefix}:probe-claims-us-east:${CHECK}:1`)).rejects.toThrow(/NOPERM/);
  await expect(eu.get(`${prefix}:probe-claim:${CHECK}:1`)).rejects.toThrow(/NOPERM/);
  await expect(eu.keys('*')).rejects.toThrow(/NOPERM/);
  await expect(eu.scan('0')).rejects.toThrow(/NOPERM/);
  await expect(eu.flushdb()).rejects.toThrow(/NOPERM/);
  await expect(eu.subscribe('anything')).rejects.toThrow(/NOPERM/);

  // BullMQ's own scripts on the other queue are refused key by key.
  const other = new Queue(probeQueueName('us-east'), { connection: asLocation(users.eu), prefix });
  opened.push(other);
  await expect(other.getJobs(['wait'])).rejects.toThrow(/NOPERM/);
  await expect(other.add('probes', { probes: [] })).rejects.toThrow(/NOPERM/);
  // Its job is still there, untaken.
  expect(await producer.lrange(`${usQueue}:wait`, 0, -1)).toEqual([waiting]);
});
