import type { Harness } from './support/api-harness.js';
import { pageText, type WebClient } from './support/web-client.js';
import { startWebTeam, type Team } from './support/web-users.js';

let h: Harness;
let team: Team;
let as: Record<string, WebClient>;

beforeAll(async () => {
  ({ h, team, as } = await startWebTeam());
});
afterAll(() => h.close());

const page = () => `/projects/${team.project.id}/status-page/subscribers`;

describe('status page subscribers in the app', () => {
  test('owners and admins see counts and addresses, import, add a webhook, remove and export; members and read-only members cannot; audited', async () => {
    expect((await as.admin!.get(page())).text).toContain('This project has no status page yet');
    await h.prisma.statusPage.create({ data: { projectId: team.project.id, title: 'Acme', enabled: true } });
    for (const role of ['member', 'read_only']) expect((await as[role]!.get(page())).status).toBe(403);
    const refused = await as.member!.submit(`/projects/${team.project.id}/status-page`, `${page()}/import`, { csv: 'x@example.com' });
    expect(refused.status).toBe(403);
    expect(pageText(refused.text)).toContain('cannot change the status page');

    const settings = await as.admin!.get(`/projects/${team.project.id}/status-page`);
    expect(settings.text).toContain(`href="${page()}"`);

    const imported = await as.admin!.submit(page(), `${page()}/import`, { csv: 'email\nOne@Example.com\nnot an address\n"two@example.com",x' });
    expect(imported.status).toBe(200);
    expect(pageText(imported.text)).toContain('2 added, 0 already subscribed. Lines that are not an address: 3.');
    const tooMany = await as.admin!.submit(page(), `${page()}/import`, { csv: Array.from({ length: 5001 }, (_, i) => `a${i}@x.io`).join('\n') });
    expect(tooMany.status).toBe(422);
    expect(tooMany.text).toContain('aria-invalid="true"');
    expect(pageText(tooMany.text)).toContain('must have at most 5000 addresses');

    const badHook = await as.owner!.submit(page(), `${page()}/webhook`, { url: 'javascript:alert(1)' });
    expect(badHook.status).toBe(422);
    const hook = await as.owner!.submit(page(), `${page()}/webhook`, { url: 'https://hooks.example.com/status' });
    expect(hook.status).toBe(303);
    const shown = await as.owner!.get(hook.location!);
    const text = pageText(shown.text);
    expect(text).toContain('Webhook added.');
    expect(text).toContain('2 confirmed e-mail addresses, 0 waiting for confirmation, 1 webhook.');
    expect(text).toContain('one@example.com');
    expect(text).toContain('https://hooks.example.com/status');

    const csv = await as.owner!.get(`${page()}.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(
      csv.text
        .trimEnd()
        .split('\r\n')
        .map((l) => l.split(',')[0]),
    ).toEqual(['email', 'one@example.com', 'two@example.com']);

    const one = await h.prisma.statusPageSubscriber.findFirstOrThrow({ where: { email: 'one@example.com' } });
    const removed = await as.admin!.submit(page(), `${page()}/${one.id}/remove`);
    expect(removed.status).toBe(303);
    expect(pageText((await as.admin!.get(removed.location!)).text)).toContain('Subscriber removed.');
    expect(await h.prisma.statusPageSubscriber.count({ where: { email: 'one@example.com' } })).toBe(0);

    const audit = await h.prisma.auditEvent.findMany({
      where: { accountId: team.accountId, action: { startsWith: 'status_page_subscriber.' } },
      orderBy: { id: 'asc' },
    });
    expect(audit.map((a) => a.action)).toEqual([
      'status_page_subscriber.import',
      'status_page_subscriber.create',
      'status_page_subscriber.export',
      'status_page_subscriber.remove',
    ]);
  });
});
