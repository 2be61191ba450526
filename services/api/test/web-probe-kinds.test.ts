import { PROBED_KINDS } from '@upmon/core';
import { formFromConfig, PROBE_KINDS } from '@upmon/probes';
import type { Harness } from './support/api-harness.js';
import { pageText, type WebClient } from './support/web-client.js';
import { startWebTeam, type Team } from './support/web-users.js';

// Every probed kind of the registry through the web app: its tab, the create form drawn from its
// definition, and the check page's words and "what is probed". A new kind is tried here without a new test.
let h: Harness;
let team: Team;
let as: Record<string, WebClient>;

beforeAll(async () => {
  ({ h, team, as } = await startWebTeam());
});
afterAll(() => h.close());

const base = { slug: '', description: '', tags: '', tz: 'UTC', grace_sec: '120', 'schedule.kind': 'period', 'schedule.period_sec': '600' };

describe.each(PROBED_KINDS.map((kind) => [kind]))('probe kind %s', (kind) => {
  test('has its tab and its form, creates its check, and its check page says what is probed', async () => {
    const definition = PROBE_KINDS[kind];
    const newForm = `/projects/${team.project.id}/checks/new`;
    const form = await as.member!.get(`${newForm}?kind=${kind}`);
    expect(form.status).toBe(200);
    expect(pageText(form.text)).toContain(`New ${definition.words.title} check`);
    expect(PROBED_KINDS.filter((k) => !form.text.includes(`href="${newForm}?kind=${k}"`))).toEqual([]);
    const stored = definition.schema.validate(definition.sampleConfig).value as Record<string, unknown>;
    const values = formFromConfig(definition, stored);
    // Each of its fields has its input (a condition row's path input only for types that have one).
    const fields = Object.keys(values).filter((n) => !/\.conditions\.\d+\.path$/.test(n));
    expect(fields.filter((n) => !form.text.includes(`name="${n}"`))).toEqual([]);

    const name = `every kind: ${kind}`;
    const res = await as.member!.submit(`${newForm}?kind=${kind}`, newForm, { ...base, ...values, kind, name });
    expect(res.status).toBe(303);
    const row = await h.prisma.check.findFirstOrThrow({ where: { name } });
    expect(row.kind).toBe(kind);

    const page = pageText((await as.member!.get(`/checks/${row.id}`)).text);
    expect(page).toContain(definition.words.summary);
    const facts = definition.targetFacts(definition.fromJson(stored), { showQuery: false });
    expect(facts.filter((f) => !page.includes(f.label) || !page.includes(f.value))).toEqual([]);
  });
});
