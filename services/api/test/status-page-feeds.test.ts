import Parser from 'rss-parser';
import { makeCheck, makeProjectWithKeys } from '@upmon/testing';
import { startHarness, type Harness } from './support/api-harness.js';

const APP = 'https://upmon.example';
let h: Harness;

beforeAll(async () => {
  h = await startHarness({ APP_BASE_URL: APP, STATUS_PAGE_CACHE_SEC: '0' });
});
afterAll(async () => {
  await h.close();
});

const TITLE = '<script>alert("t")</script> & "quotes"';
const MESSAGE = 'We are **on it** <img src=x onerror=alert(1)> see [details](https://example.com/a?b=1&c=2) ]]> &amp;';

describe('status page feeds (Atom and RSS)', () => {
  it('lists every update of the incidents, escaped, parsed by a real feed parser; linked from the page', async () => {
    const p = await makeProjectWithKeys(h.prisma, 'pro');
    const api = await makeCheck(h.prisma, p.project.id, { name: 'API' });
    const put = await h.call('PUT', '/status-page', {
      key: p.rwKey,
      body: { title: 'Acme & <Co>', enabled: true, groups: [{ name: 'Core', checks: [api.id] }] },
    });
    const pageUrl = put.body.data.public_url as string;
    const path = new URL(pageUrl).pathname;
    const opened = await h.call('POST', '/status-page/incidents', { key: p.rwKey, body: { title: TITLE, message: MESSAGE } });
    expect(opened.status).toBe(201);
    const resolved = await h.call('POST', `/status-page/incidents/${opened.body.data.id}/updates`, {
      key: p.rwKey,
      body: { state: 'resolved', message: 'Fixed.' },
    });
    expect(resolved.status).toBe(201);

    const page = await (await fetch(`${h.api.url}${path}`)).text();
    expect(page).toContain(`<link rel="alternate" type="application/atom+xml" title="Acme &amp; &lt;Co>: incidents (Atom)" href="${path}/feed.atom"/>`);
    expect(page).toContain(`<link rel="alternate" type="application/rss+xml" title="Acme &amp; &lt;Co>: incidents (RSS)" href="${path}/feed.rss"/>`);

    const parser = new Parser();
    for (const [file, type] of [
      ['feed.atom', 'application/atom+xml; charset=utf-8'],
      ['feed.rss', 'application/rss+xml; charset=utf-8'],
    ] as const) {
      const res = await fetch(`${h.api.url}${path}/${file}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('set-cookie')).toBeNull();
      const xml = await res.text();
      // People's text never becomes markup of the feed.
      expect(xml).not.toMatch(/<script|<img|<strong/);
      const feed = await parser.parseString(xml);
      expect(feed.title).toBe('Acme & <Co>');
      expect(feed.link).toBe(pageUrl);
      expect(feed.items.map((i) => i.title)).toEqual([`${TITLE}: Resolved`, `${TITLE}: New incident`]);
      const first = feed.items[1]!;
      const html = (first.content ?? '') as string;
      // The message as the page renders it: the Markdown subset as HTML, the rest escaped and shown as typed.
      expect(html).toContain('<strong>on it</strong>');
      expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
      expect(html).toContain('<a href="https://example.com/a?b=1&amp;c=2" rel="nofollow noopener">details</a>');
      expect(html).toContain(']]&gt; &amp;amp;');
      expect(first.guid ?? first.id).toContain(opened.body.data.updates[0].id);
      expect(first.link).toBe(pageUrl);
    }
  });

  it('404 for an unknown or unpublished page; an empty feed is still a valid feed', async () => {
    expect((await fetch(`${h.api.url}/status/${'0'.repeat(32)}/feed.atom`)).status).toBe(404);
    expect((await fetch(`${h.api.url}/status/not-a-key/feed.rss`)).status).toBe(404);
    const p = await makeProjectWithKeys(h.prisma, 'pro');
    const put = await h.call('PUT', '/status-page', { key: p.rwKey, body: { title: 'Quiet', enabled: true, groups: [] } });
    const path = new URL(put.body.data.public_url as string).pathname;
    const feed = await new Parser().parseString(await (await fetch(`${h.api.url}${path}/feed.atom`)).text());
    expect(feed.title).toBe('Quiet');
    expect(feed.items).toEqual([]);
    await h.call('PUT', '/status-page', { key: p.rwKey, body: { title: 'Quiet', enabled: false, groups: [] } });
    expect((await fetch(`${h.api.url}${path}/feed.rss`)).status).toBe(404);
  });
});
