import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { makeCheck, makeProjectWithKeys } from '@upmon/testing';
import { startHarness, type Harness } from './support/api-harness.js';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ APP_BASE_URL: 'https://upmon.example/', STATUS_PAGE_CACHE_SEC: '0' });
});
afterAll(async () => {
  await h.close();
});

/** A project with a published status page: group "Core" with API and Worker, an unnamed group with Cron. */
async function pageWithChecks() {
  const p = await makeProjectWithKeys(h.prisma, 'pro');
  const api = await makeCheck(h.prisma, p.project.id, { name: 'API' });
  const worker = await makeCheck(h.prisma, p.project.id, { name: 'Worker' });
  const cron = await makeCheck(h.prisma, p.project.id, { name: 'Cron' });
  const hidden = await makeCheck(h.prisma, p.project.id, { name: 'Hidden' });
  const put = await h.call('PUT', '/status-page', {
    key: p.rwKey,
    body: {
      title: 'Acme',
      enabled: true,
      groups: [
        { name: 'Core', checks: [api.id, worker.id] },
        { name: '', checks: [cron.id] },
      ],
    },
  });
  expect(put.status).toBe(200);
  return { ...p, api, worker, cron, hidden, publicUrl: put.body.data.public_url.replace('https://upmon.example', h.api.url) as string };
}

const auditOf = async (accountId: string) =>
  (await h.prisma.auditEvent.findMany({ where: { accountId, action: { startsWith: 'incident.' } }, orderBy: { id: 'asc' } })).map((e) => [e.action, e.target]);

describe('/api/v1/status-page/incidents', () => {
  it('opens, updates and resolves an incident; edits and deletes updates; every change is in the audit log', async () => {
    const p = await pageWithChecks();
    const open = await h.call('POST', '/status-page/incidents', {
      key: p.rwKey,
      body: {
        title: '  Slow API  ',
        message: 'We are *looking* into it.',
        components: [
          { check: p.api.id.toUpperCase(), impact: 'degraded_performance' },
          { group: 'Core', impact: 'partial_outage' },
        ],
      },
    });
    expect(open.status).toBe(201);
    const incident = open.body.data;
    expect(incident).toMatchObject({
      title: 'Slow API',
      state: 'investigating',
      impact: 'partial_outage',
      resolved_at: null,
      components: [
        { check: p.api.id, group: null, name: 'API', impact: 'degraded_performance' },
        { check: null, group: 'Core', name: 'Core', impact: 'partial_outage' },
      ],
      updates: [{ state: 'investigating', message: 'We are *looking* into it.', edited_at: null }],
    });
    const url = `/status-page/incidents/${incident.id}`;

    const identified = await h.call('POST', `${url}/updates`, { key: p.rwKey, body: { state: 'identified', message: 'A bad deploy.' } });
    expect(identified.status).toBe(201);
    expect(identified.body.data.state).toBe('identified');
    expect(identified.body.data.updates.map((u: { state: string }) => u.state)).toEqual(['identified', 'investigating']);

    const resolved = await h.call('POST', `${url}/updates`, { key: p.rwKey, body: { state: 'resolved', message: 'Rolled back.' } });
    expect(resolved.body.data.state).toBe('resolved');
    expect(resolved.body.data.resolved_at).toBe(resolved.body.data.updates[0].created_at);

    const [, , first] = resolved.body.data.updates as { id: string }[];
    const edited = await h.call('PATCH', `${url}/updates/${first!.id}`, { key: p.rwKey, body: { message: 'We are looking into it (edited).' } });
    expect(edited.status).toBe(200);
    expect(edited.body.data.updates[2]).toMatchObject({ message: 'We are looking into it (edited).', edited_at: expect.any(String) });

    const renamed = await h.call('PATCH', url, {
      key: p.rwKey,
      body: { title: 'Slow API responses', components: [{ check: p.worker.id, impact: 'major_outage' }] },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ title: 'Slow API responses', impact: 'major_outage', components: [{ check: p.worker.id, name: 'Worker' }] });

    // Deleting the resolving update reopens it in the state of the newest remaining one.
    const newest = renamed.body.data.updates[0].id;
    const reopened = await h.call('DELETE', `${url}/updates/${newest}`, { key: p.rwKey });
    expect(reopened.status).toBe(200);
    expect(reopened.body.data).toMatchObject({ state: 'identified', resolved_at: null });

    const listed = await h.call('GET', '/status-page/incidents', { key: p.roKey });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([reopened.body.data]);
    expect((await h.call('GET', url, { key: p.roKey })).body.data).toEqual(reopened.body.data);

    expect((await h.call('DELETE', url, { key: p.rwKey })).status).toBe(204);
    expect((await h.call('GET', url, { key: p.rwKey })).status).toBe(404);

    const target = `incident "Slow API" (${incident.id})`;
    const renamedTarget = `incident "Slow API responses" (${incident.id})`;
    expect(await auditOf(p.project.accountId)).toEqual([
      ['incident.create', target],
      ['incident.post_update', target],
      ['incident.post_update', target],
      ['incident.edit_update', target],
      ['incident.change', renamedTarget],
      ['incident.delete_update', renamedTarget],
      ['incident.delete', renamedTarget],
    ]);
  });

  it('refuses bad input with errors naming each field (422), and writes nothing', async () => {
    const p = await pageWithChecks();
    const bad = await h.call('POST', '/status-page/incidents', {
      key: p.rwKey,
      body: {
        title: '   ',
        state: 'on_fire',
        message: 'x'.repeat(5001),
        components: [{ check: p.api.id, group: 'Core', impact: 'major_outage' }, { check: 'nope', impact: 'huge' }, { impact: 'major_outage' }],
        extra: 1,
      },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(
      ['components.0', 'components.1.check', 'components.1.impact', 'components.2', 'extra', 'message', 'state', 'title'].sort(),
    );
    expect(bad.body.errors.message).toEqual(['must be at most 5000 characters long']);
    expect(bad.body.errors['components.0']).toEqual(['contains a conflict between exclusive peers [check, group]']);
    expect(bad.body.errors['components.2']).toEqual(['must contain at least one of [check, group]']);
    expect(bad.body.errors.title).toEqual(['must not be blank']);

    const missing = await h.call('POST', '/status-page/incidents', { key: p.rwKey, body: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ title: ['is required'], message: ['is required'] });

    const notOnPage = await h.call('POST', '/status-page/incidents', {
      key: p.rwKey,
      body: {
        title: 'X',
        message: 'y',
        components: [
          { check: p.hidden.id, impact: 'major_outage' },
          { group: 'Nope', impact: 'major_outage' },
          { check: p.api.id, impact: 'major_outage' },
          { check: p.api.id, impact: 'partial_outage' },
        ],
      },
    });
    expect(notOnPage.status).toBe(422);
    expect(notOnPage.body.errors).toEqual({
      'components.0.check': ['is not a check shown on the status page'],
      'components.1.group': ['is not a named group of the status page'],
      'components.3.check': ['is already listed'],
    });
    expect(await h.prisma.statusPageIncident.count({ where: { statusPage: { projectId: p.project.id } } })).toBe(0);

    const created = await h.call('POST', '/status-page/incidents', { key: p.rwKey, body: { title: 'X', message: 'y' } });
    const url = `/status-page/incidents/${created.body.data.id}`;
    expect((await h.call('POST', `${url}/updates`, { key: p.rwKey, body: { state: 'done', message: '' } })).body.errors).toEqual({
      state: ['must be one of [investigating, identified, monitoring, resolved]'],
      message: ['cannot be empty'],
    });
    expect((await h.call('PATCH', url, { key: p.rwKey, body: { title: '' } })).status).toBe(422);
    expect((await h.call('PATCH', url, { key: p.rwKey, body: [] })).status).toBe(400);
    const only = created.body.data.updates[0].id;
    const last = await h.call('DELETE', `${url}/updates/${only}`, { key: p.rwKey });
    expect(last.status).toBe(409);
    expect(last.body.message).toBe('an incident keeps at least one update: delete the incident instead');
    expect((await h.call('PATCH', `${url}/updates/not-a-uuid`, { key: p.rwKey, body: { message: 'x' } })).status).toBe(404);
    expect((await h.call('GET', '/status-page/incidents/not-a-uuid', { key: p.rwKey })).status).toBe(404);
  });

  it('refuses read-only keys, other projects and projects without a status page', async () => {
    const p = await pageWithChecks();
    const other = await pageWithChecks();
    const created = await h.call('POST', '/status-page/incidents', { key: p.rwKey, body: { title: 'Mine', message: 'm' } });
    const url = `/status-page/incidents/${created.body.data.id}`;
    const updateUrl = `${url}/updates/${created.body.data.updates[0].id}`;

    for (const [method, path, body] of [
      ['POST', '/status-page/incidents', { title: 'X', message: 'y' }],
      ['PATCH', url, { title: 'X' }],
      ['DELETE', url, undefined],
      ['POST', `${url}/updates`, { state: 'resolved', message: 'y' }],
      ['PATCH', updateUrl, { message: 'y' }],
      ['DELETE', updateUrl, undefined],
    ] as const) {
      expect((await h.call(method, path, { key: p.roKey, body })).status).toBe(403);
      if (path !== '/status-page/incidents') expect((await h.call(method, path, { key: other.rwKey, body })).status).toBe(404);
    }
    expect((await h.call('GET', url, { key: other.roKey })).status).toBe(404);
    expect((await h.call('GET', '/status-page/incidents', { key: other.roKey })).body.data).toEqual([]);
    expect((await h.call('GET', url)).status).toBe(401);
    // Another project's check is not a check of this page.
    const foreign = await h.call('POST', '/status-page/incidents', {
      key: p.rwKey,
      body: { title: 'X', message: 'y', components: [{ check: other.api.id, impact: 'major_outage' }] },
    });
    expect(foreign.body.errors).toEqual({ 'components.0.check': ['is not a check shown on the status page'] });

    const bare = await makeProjectWithKeys(h.prisma, 'pro');
    const none = await h.call('POST', '/status-page/incidents', { key: bare.rwKey, body: { title: 'X', message: 'y' } });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('this project has no status page');
    expect((await h.call('GET', '/status-page/incidents', { key: bare.roKey })).status).toBe(404);
    expect((await h.call('GET', url, { key: p.roKey })).body.data.title).toBe('Mine');
  });

  it('lists newest first with a before cursor, and refuses a 21st open incident (409)', async () => {
    const p = await pageWithChecks();
    const ids: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const r = await h.call('POST', '/status-page/incidents', { key: p.rwKey, body: { title: `I${i}`, message: 'm' } });
      expect(r.status).toBe(201);
      ids.push(r.body.data.id);
    }
    const refused = await h.call('POST', '/status-page/incidents', { key: p.rwKey, body: { title: 'one too many', message: 'm' } });
    expect(refused.status).toBe(409);
    // A resolved one does not count.
    expect((await h.call('POST', '/status-page/incidents', { key: p.rwKey, body: { title: 'post-mortem', state: 'resolved', message: 'm' } })).status).toBe(
      201,
    );
    const first = await h.call('GET', '/status-page/incidents?limit=5', { key: p.roKey });
    expect(first.body.data.map((i: { title: string }) => i.title)).toEqual(['post-mortem', 'I19', 'I18', 'I17', 'I16']);
    const next = await h.call('GET', `/status-page/incidents?limit=5&before=${encodeURIComponent(first.body.data[4].started_at)}`, { key: p.roKey });
    expect(next.body.data.map((i: { title: string }) => i.title)).toEqual(['I15', 'I14', 'I13', 'I12', 'I11']);
  });

  it('the public page shows active incidents at the top, resolved ones in its history and in the bars, everything people wrote escaped', async () => {
    const p = await pageWithChecks();
    const evil = '<script>alert("t")</script> & "quotes"';
    const open = await h.call('POST', '/status-page/incidents', {
      key: p.rwKey,
      body: {
        title: evil,
        message: '**Down** <img src=x onerror=alert(1)> [more](https://example.com/x) [bad](javascript:alert(1))',
        components: [{ check: p.api.id, impact: 'major_outage' }],
      },
    });
    expect(open.status).toBe(201);
    const done = await h.call('POST', '/status-page/incidents', {
      key: p.rwKey,
      body: { title: 'Old trouble', message: 'Looking.', components: [{ group: 'Core', impact: 'partial_outage' }] },
    });
    const doneUrl = `/status-page/incidents/${done.body.data.id}`;
    await h.call('PATCH', `${doneUrl}/updates/${done.body.data.updates[0].id}`, { key: p.rwKey, body: { message: 'Looking into it.' } });
    await h.call('POST', `${doneUrl}/updates`, { key: p.rwKey, body: { state: 'resolved', message: 'Fixed.' } });

    const res = await fetch(p.publicUrl);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('href="javascript');
    const headings = [...html.matchAll(/<h2[^>]*>([^<]*)<\/h2>/g)].map((m) => m[1]);
    expect(headings).toEqual(['Active incidents', 'Core', 'Past downtime', 'Resolved incidents', 'Get updates']);
    const active = html.slice(html.indexOf('Active incidents'), html.indexOf('<h2>Core'));
    expect(active).toContain('<h3>&lt;script>alert(&quot;t&quot;)&lt;/script> &amp; &quot;quotes&quot;</h3>');
    expect(active).toContain(
      '<strong>Down</strong> &lt;img src=x onerror=alert(1)&gt; <a href="https://example.com/x" rel="nofollow noopener">more</a> [bad](javascript:alert(1))',
    );
    expect(active).toMatch(/<span class="impact impact-major_outage">API<\/span> \(major outage\)/);
    expect(active).not.toContain('Old trouble');
    const resolved = html.slice(html.indexOf('Resolved incidents'));
    expect(resolved).toContain('Old trouble</h3>');
    expect(resolved).toMatch(/<strong>Resolved<\/strong> · <time[^>]*>[^<]+<\/time>/);
    expect(resolved).toMatch(/Looking into it.<\/p><\/div>/);
    expect(resolved).toContain(' (edited)');
    // Today's bars: API names both incidents (itself and its group), Worker the group's, Cron none.
    const todays = [...html.matchAll(/<li class="bar[^"]*" title="([^"]*)"><\/li><\/ol>/g)].map((m) => m[1]);
    expect(todays).toHaveLength(3);
    expect(todays[0]).toMatch(
      /; incidents: &lt;script&gt;alert\(&quot;t&quot;\)&lt;\/script&gt; &amp; &quot;quotes&quot; \(major outage\); Old trouble \(partial outage\)$|; incidents: Old trouble \(partial outage\); &lt;script&gt;/,
    );
    expect(todays[1]).toMatch(/; incident: Old trouble \(partial outage\)$/);
    expect(todays[2]).not.toContain('incident');
  });

  it('serves the Statuspage-compatible JSON in the shapes Atlassian Statuspage documents, naming no check id', async () => {
    const p = await pageWithChecks();
    await h.prisma.check.update({ where: { id: p.cron.id }, data: { status: 'down' } });
    const open = await h.call('POST', '/status-page/incidents', {
      key: p.rwKey,
      body: { title: 'Slow <b>API</b>', message: 'Looking', components: [{ group: 'Core', impact: 'partial_outage' }] },
    });
    await h.call('POST', `/status-page/incidents/${open.body.data.id}/updates`, { key: p.rwKey, body: { state: 'monitoring', message: 'Better' } });
    const old = await h.call('POST', '/status-page/incidents', { key: p.rwKey, body: { title: 'Old', message: 'x' } });
    await h.call('POST', `/status-page/incidents/${old.body.data.id}/updates`, { key: p.rwKey, body: { state: 'resolved', message: 'done' } });

    const get = async (doc: string) => {
      const res = await fetch(`${p.publicUrl}/api/v2/${doc}`);
      expect([doc, res.status, res.headers.get('content-type'), res.headers.get('access-control-allow-origin')]).toEqual([
        doc,
        200,
        'application/json; charset=utf-8',
        '*',
      ]);
      const text = await res.text();
      for (const id of [p.api.id, p.worker.id, p.cron.id, p.project.id]) expect(text).not.toContain(id);
      return JSON.parse(text);
    };
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats.default(ajv);
    const valid = (schema: object, value: unknown) => {
      const check = ajv.compile(schema);
      expect([check(value), check.errors ?? null]).toEqual([true, null]);
    };
    // The documented shapes (developer.statuspage.io, public API v2), the fields widgets read.
    const time = { type: 'string', format: 'date-time' };
    const page = {
      type: 'object',
      required: ['id', 'name', 'url', 'time_zone', 'updated_at'],
      properties: { name: { type: 'string' }, url: { type: 'string', format: 'uri' }, updated_at: time },
    };
    const status = {
      type: 'object',
      required: ['indicator', 'description'],
      properties: { indicator: { enum: ['none', 'minor', 'major', 'critical', 'maintenance'] }, description: { type: 'string' } },
    };
    const component = {
      type: 'object',
      required: [
        'id',
        'name',
        'status',
        'created_at',
        'updated_at',
        'position',
        'description',
        'showcase',
        'group_id',
        'page_id',
        'group',
        'only_show_if_degraded',
      ],
      properties: {
        status: { enum: ['operational', 'degraded_performance', 'partial_outage', 'major_outage', 'under_maintenance'] },
        position: { type: 'integer' },
        group: { type: 'boolean' },
        group_id: { type: ['string', 'null'] },
        created_at: time,
        updated_at: time,
      },
    };
    const incident = {
      type: 'object',
      required: [
        'id',
        'name',
        'status',
        'created_at',
        'updated_at',
        'monitoring_at',
        'resolved_at',
        'impact',
        'shortlink',
        'started_at',
        'page_id',
        'incident_updates',
      ],
      properties: {
        status: { enum: ['investigating', 'identified', 'monitoring', 'resolved', 'postmortem'] },
        impact: { enum: ['none', 'minor', 'major', 'critical'] },
        created_at: time,
        resolved_at: { oneOf: [time, { type: 'null' }] },
        incident_updates: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'status', 'body', 'incident_id', 'created_at', 'updated_at', 'display_at'],
            properties: { body: { type: 'string' }, created_at: time, display_at: time },
          },
        },
      },
    };
    const list = (items: object) => ({ type: 'array', items });

    const summary = await get('summary.json');
    valid(
      {
        type: 'object',
        required: ['page', 'components', 'incidents', 'scheduled_maintenances', 'status'],
        properties: { page, components: list(component), incidents: list(incident), status },
      },
      summary,
    );
    expect(summary.page).toMatchObject({ name: 'Acme', url: p.publicUrl.replace(h.api.url, 'https://upmon.example') });
    expect(summary.components.map((c: { name: string; status: string; group: boolean }) => [c.name, c.status, c.group])).toEqual([
      ['API', 'partial_outage', false],
      ['Worker', 'partial_outage', false],
      ['Core', 'partial_outage', true],
      ['Cron', 'major_outage', false],
    ]);
    const core = summary.components[2];
    expect(core.components).toEqual([summary.components[0].id, summary.components[1].id]);
    expect(summary.components[0].group_id).toBe(core.id);
    expect(summary.components[3].group_id).toBeNull();
    expect(summary.status).toEqual({ indicator: 'critical', description: 'Major System Outage' });
    expect(summary.incidents.map((i: { name: string; status: string; impact: string }) => [i.name, i.status, i.impact])).toEqual([
      ['Slow <b>API</b>', 'monitoring', 'major'],
    ]);
    expect(summary.incidents[0].incident_updates.map((u: { body: string }) => u.body)).toEqual(['Better', 'Looking']);
    expect(summary.incidents[0].monitoring_at).toBe(summary.incidents[0].incident_updates[0].created_at);

    valid({ type: 'object', required: ['page', 'status'], properties: { page, status } }, await get('status.json'));
    const components = await get('components.json');
    valid({ type: 'object', required: ['page', 'components'], properties: { page, components: list(component) } }, components);
    // The same components (their times are the rendering's).
    const shape = (list: { id: string; name: string; status: string; group_id: string | null }[]) => list.map((c) => [c.id, c.name, c.status, c.group_id]);
    expect(shape(components.components)).toEqual(shape(summary.components));
    const incidents = await get('incidents.json');
    valid({ type: 'object', required: ['page', 'incidents'], properties: { page, incidents: list(incident) } }, incidents);
    expect(incidents.incidents.map((i: { name: string; status: string }) => [i.name, i.status])).toEqual([
      ['Old', 'resolved'],
      ['Slow <b>API</b>', 'monitoring'],
    ]);
    const unresolved = await get('incidents/unresolved.json');
    valid({ type: 'object', required: ['page', 'incidents'], properties: { page, incidents: list(incident) } }, unresolved);
    expect(unresolved.incidents).toEqual(summary.incidents);

    // An unknown or unpublished page has none of it.
    expect((await fetch(`${h.api.url}/status/${'0'.repeat(32)}/api/v2/summary.json`)).status).toBe(404);
    await h.call('PUT', '/status-page', { key: p.rwKey, body: { title: 'Acme', enabled: false, groups: [] } });
    expect((await fetch(`${p.publicUrl}/api/v2/status.json`)).status).toBe(404);
  });
});
