/**
 * SCIM 2.0 provisioning (/scim/v2, docs/sso.md) over HTTP against the api: the sequences Okta and
 * Microsoft Entra ID send (their request bodies as their provisioning guides show them), each
 * answer checked against the shapes of RFC 7643 (User, Group, meta) and RFC 7644 (ListResponse,
 * PatchOp, Error, application/scim+json). Deprovisioning ends the person's sessions and membership
 * at once; the last owner is never deprovisioned; another account's token reaches nothing of this
 * account (and that account's audit log says so); a revoked token nothing at all.
 */
import { hashPassword } from '@upmon/crypto';
import { issueScimToken, OPERATOR, revokeScimToken, saveGroupRoles } from '@upmon/domain';
import { makeProject } from '@upmon/testing';
import { startHarness, type Harness } from './support/api-harness.js';
import { WebClient } from './support/web-client.js';
import { makeUser, TEST_PASSWORD } from './support/web-users.js';

const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

let h: Harness;
let accountId: string;
let otherAccountId: string;
let token: string;
let otherToken: string;
let owner: { id: string; email: string };

beforeAll(async () => {
  h = await startHarness();
  const project = await makeProject(h.prisma, { plan: 'business' });
  accountId = project.accountId;
  otherAccountId = (await makeProject(h.prisma, { plan: 'business' })).accountId;
  owner = await makeUser(h.prisma, accountId, 'owner', 'root@acme.test');
  await makeUser(h.prisma, otherAccountId, 'owner', 'root@other.test');
  // Verified domains (DNS verification itself is tested in browser/sso.test.ts).
  await h.prisma.ssoDomain.create({ data: { accountId, domain: 'acme.test', verificationToken: 'x', verifiedAt: new Date() } });
  await h.prisma.ssoDomain.create({ data: { accountId: otherAccountId, domain: 'other.test', verificationToken: 'y', verifiedAt: new Date() } });
  await saveGroupRoles(h, accountId, OPERATOR, { mappings: [{ group: 'Engineering', role: 'admin' }] });
  token = (await issueScimToken(h.prisma, accountId, OPERATOR, 'Okta')).token;
  otherToken = (await issueScimToken(h.prisma, otherAccountId, OPERATOR, 'Entra')).token;
});
afterAll(async () => {
  await h?.close();
});

interface ScimAnswer {
  status: number;
  body: any;
  headers: Headers;
}

async function scim(method: string, path: string, body?: unknown, bearer = token): Promise<ScimAnswer> {
  const res = await fetch(`${h.api.url}/scim/v2${path}`, {
    method,
    headers: { authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 204) expect(res.headers.get('content-type')).toMatch(/^application\/scim\+json/);
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

const iso = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|\+00:00)$/);

/** RFC 7643 §3.1 and §4.1: a User resource. */
function expectUser(u: any, expected: { userName: string; active: boolean }) {
  expect(u).toEqual(
    expect.objectContaining({
      schemas: [USER],
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      userName: expected.userName,
      active: expected.active,
      emails: [expect.objectContaining({ value: expect.any(String), primary: true })],
      meta: {
        resourceType: 'User',
        created: iso,
        lastModified: iso,
        location: `${h.api.config.appBaseUrl}/scim/v2/Users/${u.id}`,
        version: expect.stringMatching(/^W\/"\d+"$/),
      },
    }),
  );
  expect(Array.isArray(u.groups)).toBe(true);
}

/** RFC 7643 §4.2: a Group resource. */
function expectGroup(g: any, displayName: string, members?: string[]) {
  expect(g).toEqual(
    expect.objectContaining({
      schemas: [GROUP],
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      displayName,
      meta: expect.objectContaining({ resourceType: 'Group', location: `${h.api.config.appBaseUrl}/scim/v2/Groups/${g.id}` }),
    }),
  );
  if (members) expect((g.members as { value: string }[]).map((m) => m.value).sort()).toEqual([...members].sort());
}

/** RFC 7644 §3.4.2: a ListResponse. */
function expectList(b: any, totalResults: number, startIndex = 1) {
  expect(b).toEqual({ schemas: [LIST], totalResults, startIndex, itemsPerPage: b.Resources.length, Resources: expect.any(Array) });
}

/** RFC 7644 §3.12: an Error. */
function expectError(a: ScimAnswer, status: number, scimType?: string) {
  expect(a.status).toBe(status);
  expect(a.body).toEqual({ schemas: [ERROR], status: String(status), ...(scimType ? { scimType } : {}), detail: expect.any(String) });
}

async function roleOf(email: string): Promise<string | null> {
  const m = await h.prisma.membership.findFirst({ where: { accountId, user: { email } } });
  return m?.role ?? null;
}

test('Okta: create, get by filter, update, deactivate (sessions and membership end at once), reactivate, groups with members, delete', async () => {
  // Okta looks the person up first.
  const none = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "dave@acme.test"')}&startIndex=1&count=100`);
  expect(none.status).toBe(200);
  expectList(none.body, 0);

  const created = await scim('POST', '/Users', {
    schemas: [USER],
    userName: 'dave@acme.test',
    name: { givenName: 'Dave', familyName: 'Doe' },
    emails: [{ primary: true, value: 'dave@acme.test', type: 'work' }],
    displayName: 'Dave Doe',
    locale: 'en-US',
    externalId: '00u1abcd',
    groups: [],
    active: true,
  });
  expect(created.status).toBe(201);
  expectUser(created.body, { userName: 'dave@acme.test', active: true });
  expect(created.headers.get('location')).toBe(created.body.meta.location);
  const id = created.body.id as string;
  expect(await roleOf('dave@acme.test')).toBe('member');

  const again = await scim('POST', '/Users', { schemas: [USER], userName: 'dave@acme.test', emails: [{ primary: true, value: 'dave@acme.test' }] });
  expectError(again, 409, 'uniqueness');

  const found = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "DAVE@acme.test"')}`);
  expectList(found.body, 1);
  expectUser(found.body.Resources[0], { userName: 'dave@acme.test', active: true });
  const byExternal = await scim('GET', `/Users?filter=${encodeURIComponent('externalId eq "00u1abcd"')}`);
  expect(byExternal.body.Resources.map((u: { id: string }) => u.id)).toEqual([id]);
  expectUser((await scim('GET', `/Users/${id}`)).body, { userName: 'dave@acme.test', active: true });

  // Okta updates profiles with PUT.
  const put = await scim('PUT', `/Users/${id}`, {
    schemas: [USER],
    id,
    userName: 'dave@acme.test',
    name: { givenName: 'David', familyName: 'Doe' },
    emails: [{ primary: true, value: 'dave@acme.test', type: 'work' }],
    active: true,
  });
  expect(put.status).toBe(200);
  expect(put.body.name).toEqual({ formatted: 'David Doe', givenName: 'David', familyName: 'Doe' });

  // Dave signs in with a password (he had one before SSO), then Okta deactivates him.
  const dave = await h.prisma.user.findUniqueOrThrow({ where: { email: 'dave@acme.test' } });
  await h.prisma.user.update({ where: { id: dave.id }, data: { passwordHash: await hashPassword(TEST_PASSWORD, { N: 1024, r: 8, p: 1 }) } });
  const browser = new WebClient(h.api.url);
  expect((await browser.signIn('dave@acme.test', TEST_PASSWORD)).location).toBe('/projects');
  expect((await browser.get(`/accounts/${accountId}`)).status).toBe(200);

  const off = await scim('PATCH', `/Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'replace', value: { active: false } }] });
  expect(off.status).toBe(200);
  expectUser(off.body, { userName: 'dave@acme.test', active: false });
  expect(await roleOf('dave@acme.test')).toBeNull();
  expect(await h.prisma.session.count({ where: { userId: dave.id } })).toBe(0);
  const after = await browser.get(`/accounts/${accountId}`);
  expect(after.status).toBe(303);
  expect(after.location).toMatch(/^\/sign-in/);

  const on = await scim('PATCH', `/Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'replace', value: { active: true } }] });
  expectUser(on.body, { userName: 'dave@acme.test', active: true });
  expect(await roleOf('dave@acme.test')).toBe('member');

  // Groups: Okta pushes a group, then its members; the mapping Engineering → admin applies.
  const group = await scim('POST', '/Groups', { schemas: [GROUP], displayName: 'Engineering', members: [] });
  expect(group.status).toBe(201);
  expectGroup(group.body, 'Engineering', []);
  const gid = group.body.id as string;
  const added = await scim('PATCH', `/Groups/${gid}`, {
    schemas: [PATCH],
    Operations: [{ op: 'add', path: 'members', value: [{ value: id, display: 'dave@acme.test' }] }],
  });
  expect(added.status).toBe(200);
  expectGroup(added.body, 'Engineering', [id]);
  expect(await roleOf('dave@acme.test')).toBe('admin');
  expect((await scim('GET', `/Users/${id}`)).body.groups).toEqual([{ value: gid, display: 'Engineering', $ref: expect.stringContaining(`/Groups/${gid}`) }]);
  const listed = await scim('GET', `/Groups?filter=${encodeURIComponent('displayName eq "Engineering"')}`);
  expectList(listed.body, 1);
  expectGroup(listed.body.Resources[0], 'Engineering', [id]);
  const renamed = await scim('PATCH', `/Groups/${gid}`, { schemas: [PATCH], Operations: [{ op: 'replace', value: { id: gid, displayName: 'Engineering' } }] });
  expect(renamed.status).toBe(200);
  const removed = await scim('PATCH', `/Groups/${gid}`, { schemas: [PATCH], Operations: [{ op: 'remove', path: `members[value eq "${id}"]` }] });
  expectGroup(removed.body, 'Engineering', []);
  expect(await roleOf('dave@acme.test')).toBe('member');
  expect((await scim('DELETE', `/Groups/${gid}`)).status).toBe(204);
  expectError(await scim('GET', `/Groups/${gid}`), 404);

  expect((await scim('DELETE', `/Users/${id}`)).status).toBe(204);
  expectError(await scim('GET', `/Users/${id}`), 404);
  expect(await roleOf('dave@acme.test')).toBeNull();

  const log = (await h.prisma.auditEvent.findMany({ where: { accountId }, orderBy: { id: 'asc' } })).map((e) => `${e.action} ${e.actorKind} ${e.target}`);
  for (const action of [
    'scim.user_create',
    'scim.user_update',
    'scim.user_deactivate',
    'scim.group_create',
    'scim.group_update',
    'scim.group_delete',
    'scim.user_delete',
  ])
    expect(log.some((l) => l.startsWith(`${action} scim`))).toBe(true);
  expect(log).toContain('member.remove scim dave@acme.test (deprovisioned by SCIM; sessions ended)');
});

test('Entra ID: create with the enterprise extension, PATCH with Replace/Add and "False", groups by value lists, delete', async () => {
  const empty = await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "erin@acme.test"')}`);
  expectList(empty.body, 0);
  const created = await scim('POST', '/Users', {
    schemas: [USER, ENTERPRISE],
    externalId: 'erin',
    userName: 'erin@acme.test',
    active: true,
    emails: [{ primary: true, type: 'work', value: 'erin@acme.test' }],
    meta: { resourceType: 'User' },
    name: { formatted: 'Erin Example', familyName: 'Example', givenName: 'Erin' },
    roles: [],
    [ENTERPRISE]: { employeeNumber: '701984', department: 'Engineering' },
  });
  expect(created.status).toBe(201);
  expectUser(created.body, { userName: 'erin@acme.test', active: true });
  const id = created.body.id as string;

  const patched = await scim('PATCH', `/Users/${id}`, {
    schemas: [PATCH],
    Operations: [
      { op: 'Replace', path: 'displayName', value: 'Erin E.' },
      { op: 'Add', path: 'emails[type eq "work"].value', value: 'erin@acme.test' },
      { op: 'Replace', path: 'name.familyName', value: 'Exemplar' },
      { op: 'Add', path: `${ENTERPRISE}:department`, value: 'Ops' },
    ],
  });
  expect(patched.status).toBe(200);
  expect(patched.body.displayName).toBe('Erin E.');
  expect(patched.body.name.familyName).toBe('Exemplar');

  const group = await scim('POST', '/Groups', { schemas: [GROUP], externalId: 'grp-1', displayName: 'Readers', meta: { resourceType: 'Group' } });
  const gid = group.body.id as string;
  const noMembers = await scim('GET', `/Groups?excludedAttributes=members&filter=${encodeURIComponent('displayName eq "Readers"')}`);
  expectList(noMembers.body, 1);
  expect(noMembers.body.Resources[0].members).toBeUndefined();
  const add = await scim('PATCH', `/Groups/${gid}`, { schemas: [PATCH], Operations: [{ op: 'Add', path: 'members', value: [{ value: id }] }] });
  expectGroup(add.body, 'Readers', [id]);
  const rem = await scim('PATCH', `/Groups/${gid}`, { schemas: [PATCH], Operations: [{ op: 'Remove', path: 'members', value: [{ value: id }] }] });
  expectGroup(rem.body, 'Readers', []);

  const off = await scim('PATCH', `/Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] });
  expectUser(off.body, { userName: 'erin@acme.test', active: false });
  expect(await roleOf('erin@acme.test')).toBeNull();
  expect((await scim('DELETE', `/Users/${id}`)).status).toBe(204);
});

test('pages, filters, discovery, and the errors an IdP can cause', async () => {
  for (const n of [1, 2, 3]) await scim('POST', '/Users', { schemas: [USER], userName: `page${n}@acme.test` });
  const page = await scim('GET', '/Users?startIndex=2&count=1');
  expect(page.body.totalResults).toBeGreaterThanOrEqual(3);
  expect(page.body.startIndex).toBe(2);
  expect(page.body.itemsPerPage).toBe(1);
  const counted = await scim('GET', '/Users?count=0');
  expect(counted.body.Resources).toEqual([]);

  expectError(await scim('GET', `/Users?filter=${encodeURIComponent('userName co "acme"')}`), 400, 'invalidFilter');
  expectError(await scim('GET', `/Users?filter=${encodeURIComponent('title eq "x"')}`), 400, 'invalidFilter');
  expectError(await scim('POST', '/Users', { schemas: [USER], userName: 'someone@gmail.test' }), 400, 'invalidValue');
  expectError(await scim('POST', '/Users', { schemas: [USER] }), 400, 'invalidValue');
  expectError(await scim('POST', '/Users', { schemas: [USER], userName: 'x'.repeat(300) }), 400, 'invalidValue');
  expectError(
    await scim('PATCH', `/Users/00000000-0000-0000-0000-000000000000`, { schemas: [PATCH], Operations: [{ op: 'replace', value: { active: false } }] }),
    404,
  );
  expectError(await scim('PATCH', '/Users/x', { Operations: [] }), 400, 'invalidSyntax');

  const config = await scim('GET', '/ServiceProviderConfig');
  expect(config.body).toEqual(
    expect.objectContaining({ patch: { supported: true }, filter: { supported: true, maxResults: 200 }, bulk: expect.objectContaining({ supported: false }) }),
  );
  const types = await scim('GET', '/ResourceTypes');
  expectList(types.body, 2);
});

test('never the last owner; another account’s token reaches nothing here (and its audit log says so); a revoked token nothing at all', async () => {
  // The account's only owner, provisioned by SCIM, cannot be deprovisioned.
  const root = await scim('POST', '/Users', { schemas: [USER], userName: owner.email });
  expect(root.status).toBe(201);
  const refused = await scim('PATCH', `/Users/${root.body.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', value: { active: false } }] });
  expectError(refused, 409, 'mutability');
  expect(refused.body.detail).toContain("is the account's last owner");
  expectError(await scim('DELETE', `/Users/${root.body.id}`), 409, 'mutability');
  expect(await roleOf(owner.email)).toBe('owner');
  // With another owner, it goes through.
  await makeUser(h.prisma, accountId, 'owner', 'second-owner@acme.test');
  expect((await scim('DELETE', `/Users/${root.body.id}`)).status).toBe(204);
  expect(await roleOf(owner.email)).toBeNull();

  const mine = await scim('POST', '/Users', { schemas: [USER], userName: 'frank@acme.test' });
  const theirs = await scim('GET', `/Users/${mine.body.id}`, undefined, otherToken);
  expectError(theirs, 404);
  expectError(await scim('PATCH', `/Users/${mine.body.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', value: { active: false } }] }, otherToken), 404);
  expectError(await scim('DELETE', `/Users/${mine.body.id}`, undefined, otherToken), 404);
  expectList((await scim('GET', `/Users?filter=${encodeURIComponent('userName eq "frank@acme.test"')}`, undefined, otherToken)).body, 0);
  expectError(await scim('POST', '/Users', { schemas: [USER], userName: 'intruder@acme.test' }, otherToken), 400, 'invalidValue');
  expect(await roleOf('frank@acme.test')).toBe('member');
  const otherLog = await h.prisma.auditEvent.findMany({ where: { accountId: otherAccountId, action: 'scim.refused' } });
  expect(otherLog.map((e) => e.target)).toEqual(
    expect.arrayContaining([expect.stringContaining(`GET /Users/${mine.body.id}: 404`), expect.stringContaining(`DELETE /Users/${mine.body.id}: 404`)]),
  );
  expect(otherLog.every((e) => e.actorKind === 'scim' && e.actorLabel === 'SCIM token Entra')).toBe(true);

  const t = await h.prisma.scimToken.findFirstOrThrow({ where: { accountId: otherAccountId } });
  await revokeScimToken(h.prisma, otherAccountId, OPERATOR, t.id, new Date());
  const revoked = await scim('GET', '/Users', undefined, otherToken);
  expectError(revoked, 401);
  expect(revoked.headers.get('www-authenticate')).toMatch(/^Bearer/);
  expectError(await scim('GET', '/Users', undefined, 'upm_scim_notarealtokennotarealtoken'), 401);
});
