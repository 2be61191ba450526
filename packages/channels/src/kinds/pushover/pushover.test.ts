import {
  ACK_LINK,
  CHECK_ID,
  CHECK_LINK,
  expectThat,
  openChannelTestKit,
  samples,
  TEST_LINK,
  type ChannelTestKit,
} from '../../../test/support/channel-test-kit.js';

const USER = 'uQiRzpo4DXghDmr9QzzfQu27cmVRsG';
const TOKEN = 'azGDORePK8gMaC0QOYAMyEEuzJnyUi';

/**
 * Pushover Messages API: POST /1/messages.json, form-encoded `token` and `user` (30 characters
 * each), `message` (≤ 1024), `title` (≤ 250), `url` (≤ 512), `url_title` (≤ 100), `priority`
 * -2..2, `timestamp`; priority 2 requires `retry` (≥ 30) and `expire` (≤ 10800), optional
 * `tags`. POST /1/receipts/cancel_by_tag/{tag}.json with `token` stops emergency repetitions.
 * 200 `{status: 1, request}`; 4xx `{status: 0, errors: [...], request}`.
 */
describe('pushover', () => {
  let kit: ChannelTestKit;
  beforeAll(async () => {
    kit = await openChannelTestKit();
    kit.serve('/pushover/1', {
      problems: (req) => {
        const f = Object.fromEntries(new URLSearchParams(req.body));
        const problems = [...expectThat.method(req, 'POST'), ...expectThat.header(req, 'content-type', 'application/x-www-form-urlencoded')];
        if (f.token !== TOKEN) return ['application token is invalid'];
        if (/^\/pushover\/1\/receipts\/cancel_by_tag\/[A-Za-z0-9_-]+\.json$/.test(req.path))
          return Object.keys(f).length === 1 ? problems : [...problems, 'unexpected fields'];
        if (req.path !== '/pushover/1/messages.json') return [`no such endpoint ${req.path}`];
        if (f.user !== USER) return ['user identifier is not a valid user, group, or subscribed user key'];
        const priority = Number(f.priority);
        problems.push(
          ...expectThat.string(f.message, 'message', 1024),
          ...expectThat.string(f.title, 'title', 250, false),
          ...expectThat.string(f.url, 'url', 512, false),
          ...expectThat.string(f.url_title, 'url_title', 100, false),
          ...expectThat.oneOf(priority, 'priority', [-2, -1, 0, 1, 2]),
        );
        if (priority === 2 && !(Number(f.retry) >= 30)) problems.push('retry must be at least 30 seconds with priority=2');
        if (priority === 2 && !(Number(f.expire) > 0 && Number(f.expire) <= 10800)) problems.push('expire must be supplied with priority=2');
        return problems;
      },
      accept: (req) => ({ body: JSON.stringify({ status: 1, request: 'r1', ...(req.body.includes('priority=2') ? { receipt: 'rcpt1' } : {}) }) }),
      reject: (_req, p) => ({ status: 400, body: JSON.stringify({ errors: p, status: 0, request: 'r1' }) }),
    });
  });
  afterAll(() => kit.close());
  const forms = () => kit.requestsTo('/pushover').map((r) => ({ path: r.path, form: Object.fromEntries(new URLSearchParams(r.body)) }));

  it('sends outages at high priority by default with the acknowledgement link, the rest at normal', async () => {
    for (const n of Object.values(samples)) await kit.send('pushover', { user_key: USER, app_token: TOKEN }, n);
    expect(kit.problems).toEqual([]);
    const sent = forms();
    expect(sent.map((s) => s.form.priority)).toEqual(['1', '0', '0', '1', '1', '0', '0']);
    expect(sent[0]?.form).toEqual({
      token: TOKEN,
      user: USER,
      title: 'DOWN | Nightly "backup" <db>',
      message: samples.down.text,
      url: ACK_LINK,
      url_title: 'Acknowledge',
      timestamp: String(Math.floor(samples.down.at.getTime() / 1000)),
      priority: '1',
    });
    expect(sent[1]?.form).toMatchObject({ url: CHECK_LINK, url_title: 'Open the check' });
    expect(sent[6]?.form.url).toBe(TEST_LINK);
  });

  it('emergency: repeats until acknowledged, and the recovery cancels the repetitions first', async () => {
    kit.fake.requests.length = 0;
    const config = { user_key: USER, app_token: TOKEN, priority_down: 2, retry_sec: 60, expire_sec: 1800 };
    await kit.send('pushover', config, samples.down);
    await kit.send('pushover', config, samples.up);
    await kit.send('pushover', config, samples.test);
    expect(kit.problems).toEqual([]);
    const sent = forms();
    expect(sent[0]?.form).toMatchObject({ priority: '2', retry: '60', expire: '1800', tags: CHECK_ID });
    expect(sent.slice(1).map((s) => s.path)).toEqual([
      `/pushover/1/receipts/cancel_by_tag/${CHECK_ID}.json`,
      '/pushover/1/messages.json',
      '/pushover/1/messages.json',
    ]);
    expect(sent[1]?.form).toEqual({ token: TOKEN });
    expect(sent[2]?.form.priority).toBe('0');
  });

  it('a wrong user key fails permanently with Pushover’s message, no key in it', async () => {
    const err = await kit.send('pushover', { user_key: 'x'.repeat(30), app_token: TOKEN }, samples.down).catch((e: Error) => e);
    expect(err).toMatchObject({ kind: 'permanent', statusCode: 400, message: 'HTTP 400: user identifier is not a valid user, group, or subscribed user key' });
  });
});
