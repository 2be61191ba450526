import { readFileSync } from 'node:fs';
import { unboundedPaths } from '@upmon/bounded-joi';
import type { IntegrationKind } from '@upmon/db';
import type { ChannelKind } from './channel-kind.js';
import { openChannelTestKit, sampleConfigs, samples, type ChannelTestKit } from '../test/support/channel-test-kit.js';
import { CHANNEL_KINDS, KIND_NAMES, secretFields } from './registry.js';

/** The values of the Prisma enum IntegrationKind, read from the schema itself. */
function prismaKinds(): string[] {
  const schema = readFileSync(new URL('../../db/prisma/schema.prisma', import.meta.url), 'utf8');
  const block = /enum IntegrationKind \{([^}]*)\}/.exec(schema)?.[1] ?? '';
  return block
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('//'));
}

describe('the registry', () => {
  it('lists one folder per value of the Prisma enum, each once', () => {
    expect([...KIND_NAMES].sort()).toEqual(prismaKinds().sort());
    expect(new Set(KIND_NAMES).size).toBe(KIND_NAMES.length);
  });

  describe.each(CHANNEL_KINDS.map((k): [IntegrationKind, ChannelKind] => [k.kind, k]))('%s', (_name, kind) => {
    it('bounds every string of its config', () => {
      expect(unboundedPaths(kind.configSchema.describe())).toEqual([]);
    });

    it('has a form field for every config key, required exactly where the schema requires it', () => {
      const keys = (kind.configSchema.describe() as { keys?: Record<string, { flags?: { presence?: string } }> }).keys ?? {};
      expect(kind.formFields.map((f) => f.name).sort()).toEqual(Object.keys(keys).sort());
      for (const f of kind.formFields) expect([f.name, f.required]).toEqual([f.name, keys[f.name]?.flags?.presence === 'required']);
    });

    it('accepts the values its form offers (options and defaults)', () => {
      const sample = sampleConfigs('https://example.org')[kind.kind] ?? { email: 'a@example.org' };
      for (const f of kind.formFields) {
        for (const v of [...(f.options ?? []).map((o) => o.value), ...(f.default !== undefined ? [f.default] : [])]) {
          expect([f.name, kind.configSchema.validate({ ...sample, [f.name]: v }, { convert: false }).error?.message]).toEqual([f.name, undefined]);
        }
      }
    });

    it('marks credentials secret, and has words for the provider’s side', () => {
      expect(kind.setup.length).toBeGreaterThan(20);
      for (const f of kind.formFields)
        if (/token|key|secret|webhook_url|phone|template/.test(f.name) || ['ntfy.topic', 'email.email'].includes(`${kind.kind}.${f.name}`))
          expect([f.name, f.secret]).toEqual([f.name, true]);
    });
  });
});

/** What every HTTP kind shares (docs/notifications.md, "Retries and the delivery log"). */
describe('providers’ limits, for every HTTP kind', () => {
  let kit: ChannelTestKit;
  beforeAll(async () => {
    kit = await openChannelTestKit();
  });
  afterAll(() => kit.close());
  const httpKinds = Object.entries(sampleConfigs('')) as [IntegrationKind, Record<string, unknown>][];
  const send = (kind: IntegrationKind) => kit.send(kind, sampleConfigs(kit.fake.url)[kind] ?? {}, samples.down, { telegramChatId: '42' });
  const reply = (status: number, body: string, headers: Record<string, string> = {}) => kit.fake.respond(() => ({ status, body, headers }));
  afterEach(() => kit.fake.respond(() => ({})));

  it.each(httpKinds)('%s: a 429 is retried no sooner than its Retry-After', async (kind) => {
    reply(429, 'slow down', { 'retry-after': '7' });
    await expect(send(kind)).rejects.toMatchObject({ kind: 'transient', statusCode: 429, retryAfterMs: 7000 });
  });

  it.each(httpKinds)('%s: a 5xx is retried', async (kind) => {
    reply(503, 'maintenance');
    await expect(send(kind)).rejects.toMatchObject({ kind: 'transient', statusCode: 503 });
  });

  it.each(httpKinds)('%s: a 4xx is permanent, the provider’s message kept and no credential in it', async (kind) => {
    // A provider that echoes everything it was sent: the path, the credentials, the body.
    kit.fake.respond((req) => ({
      status: 403,
      body: JSON.stringify({
        message: `denied ${req.path} ${req.headers.authorization ?? ''} ${req.headers['x-gotify-key'] ?? ''} ${req.body}`.slice(0, 10_000),
      }),
    }));
    const err = (await send(kind).catch((e: unknown) => e)) as Error & { kind: string };
    expect(err).toMatchObject({ kind: 'permanent', statusCode: 403 });
    expect(err.message).toMatch(/^HTTP 403: denied /);
    const config = sampleConfigs(kit.fake.url)[kind] ?? {};
    const kindDef = CHANNEL_KINDS.find((k) => k.kind === kind);
    const secrets = [...secretFields(kindDef!).map((f) => String(config[f])), '12345:bot-token-secret', 'twilio-secret'];
    for (const s of secrets) expect(err.message).not.toContain(s);
    expect(err.message).not.toMatch(/(Basic|Bearer|GenieKey) (?!\[redacted\])/);
  });

  it('sends URLs from a config through the outbound guard; the operator’s endpoints are not guarded', async () => {
    const guarded = await openChannelTestKit({ allowCidrs: [] });
    try {
      const configs = sampleConfigs(guarded.fake.url);
      for (const [kind] of httpKinds) {
        const outcome = await guarded.send(kind, configs[kind] ?? {}, samples.down, { telegramChatId: '42' }).then(
          () => 'sent',
          (e: Error & { kind: string }) => `${e.kind}: ${e.message}`,
        );
        const fixedHost = ['telegram', 'sms', 'pagerduty', 'opsgenie', 'victorops', 'pushover'].includes(kind);
        expect([kind, fixedHost ? outcome : outcome.replace(/:.*/, '')]).toEqual([kind, fixedHost ? 'sent' : 'permanent']);
        if (!fixedHost) expect(outcome).toMatch(/blocked/);
      }
    } finally {
      await guarded.close();
    }
  });
});
