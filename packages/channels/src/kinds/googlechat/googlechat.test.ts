import {
  ACK_LINK,
  CHECK_ID,
  CHECK_LINK,
  expectThat,
  jsonOf,
  openChannelTestKit,
  samples,
  type ChannelTestKit,
} from '../../../test/support/channel-test-kit.js';

/**
 * A Google Chat space webhook: POST …/v1/spaces/{space}/messages?key=…&token=…, JSON (UTF-8);
 * `text` ≤ 4096 characters in Chat markup; `thread.threadKey` with
 * `messageReplyOption=REPLY_MESSAGE_FALLBACK_TO_NEW_THREAD` to reply in a thread. 200 with the
 * Message; 400 `{error: {code, message, status: "INVALID_ARGUMENT"}}`; 429 RESOURCE_EXHAUSTED.
 */
describe('googlechat', () => {
  let kit: ChannelTestKit;
  beforeAll(async () => {
    kit = await openChannelTestKit();
    kit.serve('/v1/spaces', {
      problems: (req) => {
        const url = new URL(req.path, 'http://x');
        const m = JSON.parse(req.body);
        return [
          ...expectThat.method(req, 'POST'),
          ...expectThat.header(req, 'content-type', /^application\/json(; charset=UTF-8)?$/),
          ...(url.searchParams.get('key') && url.searchParams.get('token') ? [] : ['Method doesn’t allow unregistered callers']),
          ...expectThat.oneOf(url.searchParams.get('messageReplyOption'), 'messageReplyOption', [
            null,
            'REPLY_MESSAGE_FALLBACK_TO_NEW_THREAD',
            'REPLY_MESSAGE_OR_FAIL',
          ]),
          ...expectThat.string(m.text, 'text', 4096),
          ...expectThat.string(m.thread?.threadKey, 'thread.threadKey', 200, false),
        ];
      },
      accept: (req) => ({ body: JSON.stringify({ name: 'spaces/AAA/messages/1', text: JSON.parse(req.body).text }) }),
      reject: (_req, p) => ({ status: 400, body: JSON.stringify({ error: { code: 400, message: p.join('; '), status: 'INVALID_ARGUMENT' } }) }),
    });
  });
  afterAll(() => kit.close());
  const config = () => ({ webhook_url: `${kit.fake.url}/v1/spaces/AAA/messages?key=k3y-s3cr3t&token=t0k3n-s3cr3t` });

  it('posts the message to the check’s thread, with its links, mentions made inert', async () => {
    for (const n of Object.values(samples)) await kit.send('googlechat', config(), n);
    expect(kit.problems).toEqual([]);
    const [req] = kit.requestsTo('/v1/spaces');
    const url = new URL(req?.path ?? '', 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      key: 'k3y-s3cr3t',
      token: 't0k3n-s3cr3t',
      messageReplyOption: 'REPLY_MESSAGE_FALLBACK_TO_NEW_THREAD',
    });
    const m = jsonOf(req);
    expect(m.thread).toEqual({ threadKey: `upmon-${CHECK_ID}` });
    expect(m.text).toContain('*DOWN | Nightly "backup" <\u200bdb>*');
    expect(m.text).toContain(`<${CHECK_LINK}|Open the check> · <${ACK_LINK}|Acknowledge>`);
    expect(m.text).toContain('*Reason:* the job reported a failure (fail ping)');
  });

  it('a check called <users/all> mentions nobody', async () => {
    const n = { ...samples.late, subject: 'LATE | <users/all>', headline: '<users/all> is LATE.' };
    await kit.send('googlechat', config(), n);
    const text: string = jsonOf(kit.requestsTo('/v1/spaces').at(-1)).text;
    expect(text).not.toContain('<users/all>');
    expect(text.replace(/\u200b/g, '')).toContain('<users/all> is LATE.');
  });
});
