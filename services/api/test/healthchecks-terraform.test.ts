// Terraform settles: the provider kristofferahl/healthchecksio's apply, refresh, import, change
// and destroy, played against upmon's /api/v3 with every configuration its examples and tests use
// (examples/minimal, examples/full, test/minimal, test/extended) and the one issue 29 found
// (`timeout = 300` with the default grace): after each apply, the plan is empty.
//
// Twice: through go-healthchecksio restated over fetch (always), and through the real
// go-healthchecksio library (v2.1.0, the provider's) built with Debian's Go when
// UPMON_TEST_GO_HEALTHCHECKSIO_SRC points at a checkout of it (skipped with the reason otherwise).
// Terraform itself cannot be installed here; support/terraform-provider.ts restates what the
// provider does around the library.
import path from 'node:path';
import { buildGoProgram, makeProjectWithKeys, type GoBuild } from '@upmon/testing';
import { startHarness, type Harness } from './support/api-harness.js';
import {
  fetchHcClient,
  goDriverHcClient,
  planChanges,
  providerId,
  providerRead,
  providerRequest,
  type HcClient,
  type TfCheckConfig,
} from './support/terraform-provider.js';

const goSource = process.env.UPMON_TEST_GO_HEALTHCHECKSIO_SRC;
const goBuild: GoBuild = goSource
  ? buildGoProgram({
      moduleDir: path.resolve(import.meta.dirname, 'fixtures/go-healthchecksio-driver'),
      pkg: '.',
      name: 'go-healthchecksio-driver',
      extraDirs: { 'go-healthchecksio': goSource },
    })
  : { ok: false, reason: 'UPMON_TEST_GO_HEALTHCHECKSIO_SRC is not set (a checkout of github.com/kristofferahl/go-healthchecksio, v2.1.0)' };
if (!goBuild.ok) console.log(`healthchecks-terraform: the go-healthchecksio runs are skipped: ${goBuild.reason}`);

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const transports: [string, boolean, (url: string, key: string) => HcClient][] = [
  ['go-healthchecksio restated over fetch', true, fetchHcClient],
  [
    `go-healthchecksio built with ${goBuild.ok ? goBuild.goVersion : 'Go'}`,
    goBuild.ok,
    (url, key) => goDriverHcClient((goBuild as { binary: string }).binary, url, key),
  ],
];

describe.each(transports)('Terraform provider through %s', (_name, available, makeClient) => {
  const t = available ? it : it.skip;
  let client: HcClient;
  let projectId: string;
  let channel: Record<'email' | 'slack' | 'pd', string>;

  beforeAll(async () => {
    if (!available) return;
    await h.resetRateLimits();
    const p = await makeProjectWithKeys(h.prisma, 'pro');
    projectId = p.project.id;
    for (const [kind, name] of [
      ['email', 'Ops mail'],
      ['slack', 'Ops Slack'],
      ['pagerduty', 'On-call'],
    ] as const) {
      await h.prisma.integration.create({ data: { projectId, kind, name, events: ['down', 'up'], config: new Uint8Array([0]) } });
    }
    client = makeClient(`${h.api.url}/api/v3`, p.rwKey);
    // data "healthchecksio_channel" { kind = "..." }: the first channel of that kind.
    const channels = await client.channels();
    const byKind = (kind: string) => channels.find((c) => c.kind === kind)?.id as string;
    channel = { email: byKind('email'), slack: byKind('slack'), pd: byKind('pd') };
  });
  afterAll(async () => {
    await client?.close();
  });
  beforeEach(async () => {
    // More creations than the account's budget of 10 a minute.
    await h.resetRateLimits();
  });

  /** terraform apply of a new resource: Create, then Read with the configuration's channels. */
  async function apply(config: TfCheckConfig) {
    const created = await client.create(providerRequest(config));
    const id = providerId(created);
    return { id, state: await refresh(id, config) };
  }
  /** terraform refresh: GetAll, find by ID(), Read (null: gone, the provider drops it from the state). */
  async function refresh(id: string, prior: { channels?: string[] } | null) {
    const found = (await client.getAll()).find((c) => providerId(c) === id);
    return found ? providerRead(found, prior) : null;
  }

  const configs = (): [string, TfCheckConfig][] => [
    ['examples/minimal and test/minimal', { name: 'test-bare-minimum-check', timeout: 86400 }],
    [
      'examples/full',
      {
        name: 'test-check',
        desc: 'A test check',
        slug: 'the-test-check',
        tags: ['go', 'gophers', 'unite'],
        grace: 120,
        schedule: '0,30 2 * * *',
        timezone: 'Asia/Tokyo',
        channels: [channel.email, channel.slack, channel.pd],
      },
    ],
    [
      'test/extended',
      {
        name: 'test-extended-check',
        slug: 'test-extended',
        desc: 'An extended check',
        methods: 'POST',
        tags: ['go', 'gophers', 'unite'],
        grace: 120,
        schedule: '0,30 2 * * *',
        timezone: 'Europe/Stockholm',
        channels: [channel.email],
      },
    ],
    ['issue 29: timeout = 300 with the default grace', { name: 'every five minutes', timeout: 300 }],
    ['the provider’s largest timeout and grace', { name: 'yearly', timeout: 31_536_000, grace: 31_536_000 }],
  ];

  t('apply, then plan: empty for every configuration of the provider’s examples and tests', async () => {
    for (const [label, config] of configs()) {
      const { id, state } = await apply(config);
      expect([label, planChanges(config, state!)]).toEqual([label, []]);
      // A later refresh, with the state as prior, still plans nothing.
      expect([label, planChanges(config, (await refresh(id, state as { channels: string[] }))!)]).toEqual([label, []]);
      await client.delete(id); // terraform destroy
    }
  });

  t('upmon watches with its own limits behind the values Terraform reads back', async () => {
    const { id } = await apply({ name: 'five minutes, default grace', timeout: 300 });
    expect(await h.prisma.check.findUniqueOrThrow({ where: { id } })).toMatchObject({ periodSec: 300, graceSec: 3000, hcGraceSec: 3600, postOnly: false });
    const post = await apply({ name: 'post only', timeout: 3600, methods: 'POST' });
    expect(await h.prisma.check.findUniqueOrThrow({ where: { id: post.id } })).toMatchObject({ postOnly: true, graceSec: 3600, hcGraceSec: null });
  });

  t('a change applies (Update with the whole resource) and the next plan is empty', async () => {
    const start: TfCheckConfig = { name: 'changing', timeout: 86400 };
    const { id } = await apply(start);
    const steps: TfCheckConfig[] = [
      { ...start, timeout: 300 }, // the default grace is now over 10 periods
      { ...start, timeout: 300, grace: 600 },
      { ...start, timeout: 3600 },
      { name: 'changing', schedule: '*/5 * * * *', timezone: 'Europe/Riga', grace: 7200, methods: 'POST', tags: ['a', 'b'] },
      { name: 'changing', schedule: '*/5 * * * *', timezone: 'Europe/Riga', grace: 7200, tags: ['b'], channels: [channel.pd, channel.email] },
      { name: 'renamed', slug: 'renamed-check', timeout: 60, desc: 'now every minute', tags: ['b'] },
    ];
    let prior = start as { channels?: string[] };
    for (const config of steps) {
      await client.update(id, providerRequest(config));
      const state = await refresh(id, { channels: config.channels ?? prior.channels });
      expect([config, planChanges(config, state!)]).toEqual([config, []]);
      prior = state as { channels: string[] };
    }
  });

  t('removing every tag or the description from the configuration plans a change that never applies, as against Healthchecks', async () => {
    // The provider leaves an empty `tags`/`desc` out of the request (go-healthchecksio's omitempty)
    // and an absent field keeps its value, in Healthchecks as here: a limitation of the provider.
    const { id } = await apply({ name: 'tagged', timeout: 3600, tags: ['a'], desc: 'd' });
    const bare: TfCheckConfig = { name: 'tagged', timeout: 3600 };
    await client.update(id, providerRequest(bare));
    expect(planChanges(bare, (await refresh(id, null))!)).toEqual(['tags: ["a"] → []', 'desc: "d" → ""']);
  });

  t('import (terraform import <uuid>): the state plans empty against the configuration', async () => {
    for (const [label, config] of configs().filter(([, c]) => (c.channels ?? []).length <= 1)) {
      const { id } = await apply(config);
      // Import reads with no prior state.
      expect([label, planChanges(config, (await refresh(id, null))!)]).toEqual([label, []]);
    }
  });

  t('destroy: Delete answers the check, the next refresh finds nothing, a second Delete is an error', async () => {
    const { id } = await apply({ name: 'to destroy', timeout: 3600 });
    expect(providerId(await client.delete(id))).toBe(id);
    expect(await refresh(id, null)).toBeNull();
    await expect(client.delete(id)).rejects.toThrow(/check not found/);
  });

  t('Pause (go-healthchecksio, no body)', async () => {
    const { id } = await apply({ name: 'to pause', timeout: 3600 });
    expect((await client.pause(id)).status).toBe('paused');
  });
});
