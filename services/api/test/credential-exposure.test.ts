import { CHANNEL_KINDS, MASKED_SECRET, type FormField } from '@upmon/channels';
import type { Role } from '@upmon/core';
import { makeApiKey, makeCheck, makeHttpCheck, makeIntegration } from '@upmon/testing';
import type { Harness } from './support/api-harness.js';
import type { WebClient } from './support/web-client.js';
import { startWebTeam, type Team } from './support/web-users.js';

let h: Harness;
let team: Team;
let as: Record<Role, WebClient>;

/** Every planted credential contains this: no page or response for a role that cannot change it may. */
const MARK = 's3krt';

beforeAll(async () => {
  ({ h, team, as } = await startWebTeam());
  // One integration of every kind, each field that may carry a credential (secret ones:
  // credentials, webhook URLs, routing keys, phone numbers, ntfy topics; and a webhook's body
  // template, an e-mail address, a server URL's user-info and query) holding a marked value.
  const planted = (kind: (typeof CHANNEL_KINDS)[number], f: FormField) => {
    if (kind.kind === 'email' && f.name === 'email') return `${MARK}-alerts@example.org`;
    if (f.secret || f.name === 'body_template') return `${MARK}-${kind.kind}-${f.name}`;
    if (f.type === 'url') return `https://probe:${MARK}-pw@plain.example/base?token=${MARK}-query`;
    return f.default ?? f.options?.[0]?.value ?? `plain-${f.name}`;
  };
  for (const kind of CHANNEL_KINDS) {
    const config = Object.fromEntries((kind.formFields as readonly FormField[]).map((f) => [f.name, planted(kind, f)]));
    await makeIntegration(h.prisma, team.project.id, kind.kind, config, { name: `${kind.label} alerts` });
  }
  await makeHttpCheck(h.prisma, team.project.id, {
    url: `http://127.0.0.1:9/health?token=${MARK}-url`,
    headers: { 'X-Token': `${MARK}-header` },
    basic_auth: { username: 'probe', password: `${MARK}-basic` },
  });
  await makeCheck(h.prisma, team.project.id, { name: 'Backups' });
});
afterAll(() => h.close());

/** The same-origin GET targets a page links to or polls (forms' POST targets are not pages). */
function linksOf(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/(?:href|data-poll|data-test-poll)="(\/[^"]*)"/g)) {
    const path = (m[1] as string).replace(/&amp;/g, '&');
    if (!path.startsWith('/static/') && !path.startsWith('//')) out.push(path);
  }
  return out;
}

/** Every page a role can reach from its start pages by following links, with its body. */
async function walk(client: WebClient): Promise<Map<string, string>> {
  const seen = new Map<string, string>();
  const queue = ['/projects', `/accounts/${team.accountId}`, '/me', `/projects/${team.project.id}/integrations/new`];
  while (queue.length > 0 && seen.size < 400) {
    const path = queue.shift() as string;
    if (seen.has(path)) continue;
    const res = await client.get(path);
    seen.set(path, res.text);
    if (res.status === 200 && (res.headers.get('content-type') ?? '').startsWith('text/html')) queue.push(...linksOf(res.text).filter((p) => !seen.has(p)));
  }
  return seen;
}

/** The pages (paths) whose body contains a marked credential. */
const leaking = (pages: Map<string, string>) => [...pages].filter(([, body]) => body.toLowerCase().includes(MARK)).map(([path]) => path);

describe('no credential reaches a role that cannot change it', () => {
  test('read-only: no page it can reach carries a secret; its integration forms show the fields masked', async () => {
    const pages = await walk(as.read_only);
    const integrationPages = [...pages.keys()].filter((p) => /\/integrations\/\d+$/.test(p));
    expect(integrationPages).toHaveLength(CHANNEL_KINDS.length);
    expect(pages.size).toBeGreaterThan(CHANNEL_KINDS.length + 5);
    expect(leaking(pages)).toEqual([]);
    const webhook = await h.prisma.integration.findFirstOrThrow({ where: { projectId: team.project.id, kind: 'webhook' } });
    const page = pages.get(`/projects/${team.project.id}/integrations/${webhook.id}`) as string;
    expect(page).toContain(`value="${MASKED_SECRET}"`);
    expect(page).toContain('are hidden');
    // A server URL keeps its host and path, so a reader knows where alerts go.
    const gotify = await h.prisma.integration.findFirstOrThrow({ where: { projectId: team.project.id, kind: 'gotify' } });
    expect(pages.get(`/projects/${team.project.id}/integrations/${gotify.id}`)).toContain(
      `value="https://${MASKED_SECRET}@plain.example/base?${MASKED_SECRET}"`,
    );
  });

  test('members and up see the credentials only in the forms that change them', async () => {
    for (const role of ['owner', 'admin', 'member'] as const) {
      const pages = await walk(as[role]);
      const leaks = leaking(pages);
      expect(leaks.length).toBeGreaterThanOrEqual(CHANNEL_KINDS.length - 2);
      expect(leaks.filter((p) => !/\/integrations\/\d+$|^\/checks\/[^/]+\/edit$/.test(p))).toEqual([]);
    }
  });

  test('the REST API and the Healthchecks API never return a credential, to either kind of key', async () => {
    for (const kind of ['ro', 'rw'] as const) {
      const { key } = await makeApiKey(h.prisma, team.project.id, kind);
      const bodies: string[] = [];
      for (const path of ['/integrations', '/checks', '/status-page', '/maintenance']) {
        bodies.push((await h.call('GET', path, { key })).text);
      }
      const checks = await h.prisma.check.findMany({ where: { projectId: team.project.id } });
      for (const c of checks) bodies.push((await h.call('GET', `/checks/${c.id}`, { key })).text);
      for (const path of ['/api/v3/checks/', '/api/v3/channels/']) {
        const res = await fetch(`${h.api.url}${path}`, { headers: { 'x-api-key': key } });
        bodies.push(await res.text());
      }
      expect(bodies.filter((b) => b.toLowerCase().includes(MARK))).toEqual([]);
    }
  });
});
