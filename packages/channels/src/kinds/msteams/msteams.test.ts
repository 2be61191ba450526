import type { RecordedRequest } from '@upmon/testing';
import { ACK_LINK, CHECK_LINK, expectThat, jsonOf, openChannelTestKit, samples, type ChannelTestKit } from '../../../test/support/channel-test-kit.js';

/**
 * A Teams Workflows webhook ("Send webhook alerts to a channel"): POST application/json, a
 * `message` with `attachments` of contentType `application/vnd.microsoft.card.adaptive` whose
 * `content` is an AdaptiveCard (`type`, `version`, `body` of elements, `actions`
 * Action.OpenUrl with `title` and `url`); at most 28 KB. 202 Accepted; 400
 * `{error: {code: "TriggerInputSchemaMismatch", message}}`.
 */
function cardProblems(req: RecordedRequest): string[] {
  const problems = [...expectThat.method(req, 'POST'), ...expectThat.header(req, 'content-type', 'application/json')];
  if (Buffer.byteLength(req.body) > 28 * 1024) problems.push('message over 28 KB');
  const m = JSON.parse(req.body);
  if (m.type !== 'message' || !Array.isArray(m.attachments) || m.attachments.length !== 1) return [...problems, 'not a message with one attachment'];
  const a = m.attachments[0];
  problems.push(...expectThat.oneOf(a.contentType, 'contentType', ['application/vnd.microsoft.card.adaptive']));
  const card = a.content ?? {};
  problems.push(
    ...expectThat.oneOf(card.type, 'content.type', ['AdaptiveCard']),
    ...expectThat.oneOf(card.version, 'version', ['1.0', '1.2', '1.3', '1.4', '1.5']),
  );
  if (!Array.isArray(card.body) || card.body.length === 0) problems.push('empty body');
  for (const el of card.body ?? []) {
    if (el.type === 'TextBlock') problems.push(...expectThat.string(el.text, 'TextBlock.text', 5000));
    else if (el.type === 'FactSet')
      for (const f of el.facts) problems.push(...expectThat.string(f.title, 'fact.title', 200), ...expectThat.string(f.value, 'fact.value', 5000));
    else problems.push(`unknown element ${el.type}`);
  }
  for (const action of card.actions ?? []) {
    problems.push(...expectThat.oneOf(action.type, 'action.type', ['Action.OpenUrl']), ...expectThat.string(action.title, 'action.title', 100));
    if (!/^https?:\/\//.test(action.url)) problems.push('action.url must be a URL');
  }
  return problems;
}

describe('msteams', () => {
  let kit: ChannelTestKit;
  beforeAll(async () => {
    kit = await openChannelTestKit();
    kit.serve('/workflows', {
      problems: cardProblems,
      accept: () => ({ status: 202, body: '' }),
      reject: (_req, p) => ({ status: 400, body: JSON.stringify({ error: { code: 'TriggerInputSchemaMismatch', message: p.join('; ') } }) }),
    });
  });
  afterAll(() => kit.close());
  const config = () => ({ webhook_url: `${kit.fake.url}/workflows/abc/triggers/manual/paths/invoke?api-version=1&sig=s3cr3t-sig` });

  it('posts one Adaptive Card per event, with an Acknowledge button on alerts of an outage', async () => {
    for (const n of Object.values(samples)) expect(await kit.send('msteams', config(), n)).toEqual({ statusCode: 202 });
    expect(kit.problems).toEqual([]);
    const [down, up] = kit.requestsTo('/workflows').map((r) => jsonOf(r).attachments[0].content);
    expect(down.body[0]).toMatchObject({ text: 'DOWN | Nightly "backup" <db>', color: 'Attention', weight: 'Bolder' });
    expect(down.body[2].facts).toContainEqual({ title: 'Reason', value: 'the job reported a failure (fail ping)' });
    expect(down.actions).toEqual([
      { type: 'Action.OpenUrl', title: 'Open the check', url: CHECK_LINK },
      { type: 'Action.OpenUrl', title: 'Acknowledge', url: ACK_LINK },
    ]);
    expect(up.body[0].color).toBe('Good');
    expect(up.actions).toHaveLength(1);
    expect(kit.requestsTo('/workflows')[0]?.path).toContain('sig=s3cr3t-sig');
  });

  it('a rejected card fails permanently with Teams’ message, the URL’s signature redacted', async () => {
    kit.serve('/broken', {
      problems: () => ['x'],
      accept: () => ({}),
      reject: () => ({ status: 400, body: JSON.stringify({ error: { code: 'TriggerInputSchemaMismatch', message: 'bad input for /broken?sig=s3cr3t-sig' } }) }),
    });
    const err = await kit.send('msteams', { webhook_url: `${kit.fake.url}/broken?sig=s3cr3t-sig` }, samples.down).catch((e: Error) => e);
    expect(err).toMatchObject({ kind: 'permanent', statusCode: 400 });
    expect((err as Error).message).toBe('HTTP 400: bad input for [redacted]');
  });
});
