import { createAckTokens } from '@upmon/crypto';
import type { CheckStatus } from '@upmon/db';
import { makeCheck, makeIntegration, TEST_ENCRYPTION_KEY } from '@upmon/testing';
import type { Harness } from './support/api-harness.js';
import { pageText, WebClient } from './support/web-client.js';
import { makeTeam, signedInClients, startWebTeam, type Team } from './support/web-users.js';

let h: Harness;
let team: Team;
let as: Record<string, WebClient>;
const tokens = createAckTokens([TEST_ENCRYPTION_KEY]);

beforeAll(async () => {
  ({ h, team, as } = await startWebTeam({ APP_BASE_URL: 'http://app.test' }));
});
afterAll(() => h.close());
beforeEach(async () => {
  await h.resetRateLimits();
});

async function flip(checkId: string, oldStatus: CheckStatus, newStatus: CheckStatus, ts = new Date()) {
  await h.prisma.check.update({ where: { id: checkId }, data: { status: newStatus } });
  return h.prisma.flip.create({ data: { checkId, projectId: team.project.id, oldStatus, newStatus, reason: 'timeout', ts, fannedOutAt: ts } });
}

async function downCheck(name = 'nightly backup') {
  const check = await makeCheck(h.prisma, team.project.id, { name, status: 'up' });
  const down = await flip(check.id, 'up', 'down', new Date(Date.now() - 60_000));
  return { check, down, link: `/ack/${tokens.sign({ checkId: check.id, flipId: down.id.toString() }, new Date())}` };
}

const acks = (checkId: string) => h.prisma.acknowledgement.findMany({ where: { checkId } });

describe('check page: Acknowledge', () => {
  test('members see the button on a down check; acknowledging records them and the page says who and when', async () => {
    const { check } = await downCheck();
    const page = await as.member!.get(`/checks/${check.id}`);
    expect(page.text).toContain(`action="/checks/${check.id}/acknowledge"`);
    expect((await as.read_only!.get(`/checks/${check.id}`)).text).not.toContain('/acknowledge"');

    const res = await as.member!.post(`/checks/${check.id}/acknowledge`);
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/checks/${check.id}?done=acknowledged`);
    expect(await acks(check.id)).toEqual([expect.objectContaining({ acknowledgedBy: team.users.member.email, via: 'web' })]);
    const after = await as.read_only!.get(`/checks/${check.id}?done=acknowledged`);
    const text = pageText(after.text);
    expect(text).toContain(`Acknowledged by ${team.users.member.email} at`);
    expect(after.text).not.toContain('/acknowledge"'); // no button once acknowledged
    // The dashboard marks it.
    expect(pageText((await as.read_only!.get(`/projects/${team.project.id}`)).text)).toContain('acknowledged');
  });

  test('read-only users are refused; a check that is not down gets a 409 page', async () => {
    const { check } = await downCheck();
    await as.read_only!.get(`/checks/${check.id}`);
    expect((await as.read_only!.post(`/checks/${check.id}/acknowledge`)).status).toBe(403);
    const up = await makeCheck(h.prisma, team.project.id, { status: 'up' });
    await as.member!.get(`/checks/${up.id}`);
    const res = await as.member!.post(`/checks/${up.id}/acknowledge`);
    expect(res.status).toBe(409);
    expect(pageText(res.text)).toContain('only a down check can be acknowledged');
    expect(await acks(up.id)).toEqual([]);
  });
});

describe('alert links /ack/<token>', () => {
  test('GET shows the check and a button and changes nothing; POST acknowledges as "alert link" without a session', async () => {
    const { check, down, link } = await downCheck('<b>db</b> backup');
    const integration = await makeIntegration(h.prisma, team.project.id, 'webhook', { url: 'https://x.example' });
    await h.prisma.escalation.create({ data: { integrationId: integration.id, checkId: check.id, flipId: down.id, dueAt: new Date(Date.now() + 600_000) } });
    const anon = new WebClient(h.api.url);
    for (let i = 0; i < 2; i++) {
      const page = await anon.get(link);
      expect(page.status).toBe(200);
      expect(page.headers.get('referrer-policy')).toBe('no-referrer');
      expect(page.text).toContain('&lt;b>db&lt;/b> backup');
      expect(pageText(page.text)).toContain('Acknowledge this alert?');
    }
    expect(await acks(check.id)).toEqual([]);
    // No CSRF field at all: the token authorises it.
    const res = await anon.request('POST', link, new URLSearchParams());
    expect(res.status).toBe(200);
    expect(pageText(res.text)).toContain('Done: acknowledged by alert link');
    expect(await acks(check.id)).toEqual([expect.objectContaining({ acknowledgedBy: 'alert link', via: 'link' })]);
    expect((await h.prisma.escalation.findFirstOrThrow({ where: { checkId: check.id } })).cancelledAt).not.toBeNull();
    // Again: the first is kept.
    const again = await anon.request('POST', link, new URLSearchParams());
    expect(pageText(again.text)).toContain('Already acknowledged by alert link');
    expect(await acks(check.id)).toHaveLength(1);
  });

  test('a signed-in member of the account is named, but only when the form came from the page (CSRF field)', async () => {
    const named = await downCheck();
    await as.owner!.get(named.link);
    expect(pageText((await as.owner!.post(named.link)).text)).toContain(`acknowledged by ${team.users.owner.email}`);
    const forged = await downCheck();
    await as.owner!.request('POST', forged.link, new URLSearchParams()); // a cross-site form has no CSRF field
    expect(await acks(forged.check.id)).toEqual([expect.objectContaining({ acknowledgedBy: 'alert link' })]);
    // Someone signed in to another account stays anonymous.
    const stranger = await signedInClients(h.api.url, await makeTeam(h.prisma));
    const other = await downCheck();
    await stranger.owner!.get(other.link);
    await stranger.owner!.post(other.link);
    expect(await acks(other.check.id)).toEqual([expect.objectContaining({ acknowledgedBy: 'alert link' })]);
  });

  test('bad, changed and expired links get clear pages (400, 410); so does an episode that ended', async () => {
    const anon = new WebClient(h.api.url);
    const { check, down, link } = await downCheck();
    const bad = await anon.get('/ack/not-a-token');
    expect(bad.status).toBe(400);
    expect(pageText(bad.text)).toContain('This link does not work');
    const changed = link.slice(0, -2) + (link.endsWith('AA') ? 'AB' : 'AA');
    expect((await anon.request('POST', changed, new URLSearchParams())).status).toBe(400);
    expect((await anon.get(`/ack/${'a'.repeat(5000)}`)).status).toBe(400);
    const old = `/ack/${tokens.sign({ checkId: check.id, flipId: down.id.toString() }, new Date(Date.now() - 8 * 24 * 3600_000))}`;
    const expired = await anon.request('POST', old, new URLSearchParams());
    expect(expired.status).toBe(410);
    expect(pageText(expired.text)).toContain('This link has expired');
    expect(expired.text).toContain(`href="/checks/${check.id}"`);
    expect(await acks(check.id)).toEqual([]);

    await flip(check.id, 'down', 'up');
    const ended = await anon.get(link);
    expect(ended.status).toBe(200);
    expect(pageText(ended.text)).toContain('Nothing to acknowledge');
    expect(ended.text).not.toContain('<button');
    expect((await anon.request('POST', link, new URLSearchParams())).status).toBe(409);
    // Down again: the old link does not acknowledge the new episode.
    await flip(check.id, 'up', 'down');
    expect((await anon.request('POST', link, new URLSearchParams())).status).toBe(409);
    expect(await acks(check.id)).toEqual([]);
  });
});

describe('integration form: Escalate after (minutes)', () => {
  test('saved and shown again; out of range is refused with the field named', async () => {
    const form = await as.member!.get('/projects/' + team.project.id + '/integrations/new?kind=slack');
    expect(form.status).toBe(200);
    expect(pageText(form.text)).toContain('Escalate after (minutes)');
    const fields = { name: 'pager', enabled: '1', events: ['down', 'up'], 'config.webhook_url': 'https://hooks.slack.com/services/T/B/X' };
    const saved = await as.member!.post(`/projects/${team.project.id}/integrations/new?kind=slack`, { ...fields, escalate_after_min: '15' });
    expect(saved.status).toBe(303);
    const row = await h.prisma.integration.findFirstOrThrow({ where: { projectId: team.project.id, name: 'pager' } });
    expect(row.escalateAfterMin).toBe(15);
    const edit = await as.member!.get(`/projects/${team.project.id}/integrations/${row.id}`);
    expect(edit.text).toMatch(/name="escalate_after_min"[^>]*value="15"|value="15"[^>]*name="escalate_after_min"/);
    const refused = await as.member!.post(`/projects/${team.project.id}/integrations/${row.id}`, { ...fields, escalate_after_min: '2000' });
    expect(refused.status).toBe(422);
    expect(pageText(refused.text)).toContain('1440');
  });
});
