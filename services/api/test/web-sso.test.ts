/**
 * The single sign-on pages and rules over HTTP (docs/sso.md): only owners see and change the SSO
 * page; its forms answer with the domain's messages beside their fields; "SSO required" needs an
 * IdP, a verified domain and a break-glass owner with two-factor; then members' passwords and
 * e-mailed links are refused while the break-glass owner still signs in with password + code;
 * "Continue with SSO" finds the account by its verified domain; GET /api/v1/sso for read-write keys.
 */
import { confirmTotpSetup, startTotpSetup, totpCodeAt } from '@upmon/user-store';
import { createCipher } from '@upmon/crypto';
import { makeApiKey, TEST_ENCRYPTION_KEY } from '@upmon/testing';
import type { Harness } from './support/api-harness.js';
import { pageText, WebClient } from './support/web-client.js';
import { startWebTeam, TEST_PASSWORD, type Team } from './support/web-users.js';
import type { Role } from '@upmon/core';

let h: Harness;
let team: Team;
let as: Record<Role, WebClient>;

beforeAll(async () => {
  ({ h, team, as } = await startWebTeam({ OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8', SSO_ALLOW_HTTP: '1' }));
});
afterAll(async () => {
  await h?.close();
});

const ssoPage = () => `/accounts/${team.accountId}/sso`;

test('only owners see and change the SSO page; the forms name the field that is wrong', async () => {
  expect((await as.owner.get(ssoPage())).status).toBe(200);
  for (const role of ['admin', 'member', 'read_only'] as const) {
    expect((await as[role].get(ssoPage())).status).toBe(403);
    await as[role].get(`/accounts/${team.accountId}`);
    expect((await as[role].post(`${ssoPage()}/domains`, { domain: 'example.com' })).status).toBe(403);
  }
  const account = await as.owner.get(`/accounts/${team.accountId}`);
  expect(account.text).toContain(`href="${ssoPage()}"`);

  await as.owner.get(ssoPage());
  const bad = await as.owner.post(`${ssoPage()}/domains`, { domain: 'not a domain' });
  expect(bad.status).toBe(422);
  expect(pageText(bad.text)).toContain('must be a domain name such as example.com');
  const unreachable = await as.owner.post(`${ssoPage()}/oidc`, { issuer: 'http://127.0.0.1:9', client_id: 'x', client_secret: 'y', enabled: '1' });
  expect(unreachable.status).toBe(422);
  expect(pageText(unreachable.text)).toContain('was not accepted');
  expect(unreachable.text).not.toContain('value="y"');
  const noMetadata = await as.owner.post(`${ssoPage()}/saml`, { enabled: '1' });
  expect(noMetadata.status).toBe(422);
  expect(pageText(noMetadata.text)).toContain("give the IdP's metadata URL, or paste its XML");
  const badXml = await as.owner.post(`${ssoPage()}/saml`, { enabled: '1', metadata_xml: '<EntityDescriptor' });
  expect(pageText(badXml.text)).toContain('is not well-formed XML');
  const badRole = await as.owner.post(`${ssoPage()}/group-roles`, { mappings: 'Engineering = superuser' });
  expect(badRole.status).toBe(422);
  // A private address is refused by the outbound guard unless the operator allows it.
  const guarded = await startWebTeam({ SSO_ALLOW_HTTP: '1' });
  try {
    const r = await guarded.as.owner.submit(`/accounts/${guarded.team.accountId}/sso`, `/accounts/${guarded.team.accountId}/sso/oidc`, {
      issuer: `${guarded.h.api.url}/`,
      client_id: 'x',
      client_secret: 'y',
    });
    expect(pageText(r.text)).toContain('its address is not reachable from upmon (private or reserved addresses are refused)');
    const https = await guarded.as.owner.post(`/accounts/${guarded.team.accountId}/sso/saml`, { metadata_url: 'http://idp.example/metadata', enabled: '1' });
    expect(https.status).toBe(422);
  } finally {
    await guarded.h.close();
  }
});

test('SSO required: refused without an IdP, a domain and a break-glass owner with 2FA; then passwords are refused but the break-glass owner’s', async () => {
  await as.owner.get(ssoPage());
  const early = await as.owner.post(`${ssoPage()}/policy`, {
    jit_enabled: '1',
    default_role: 'member',
    groups_claim: 'groups',
    sso_required: '1',
    break_glass_user_id: team.users.member.id,
  });
  expect(early.status).toBe(422);
  const text = pageText(early.text);
  expect(text).toContain('must be an owner of this account');
  expect(text).toContain('needs an identity provider turned on (OpenID Connect or SAML), a verified domain');

  // Set up what it needs directly (the IdP flows are browser/sso.test.ts's): an IdP on, a verified domain, an owner with TOTP.
  await h.prisma.ssoSettings.upsert({
    where: { accountId: team.accountId },
    create: {
      accountId: team.accountId,
      samlEnabled: true,
      samlIdpEntityId: 'https://idp.example',
      samlIdpSsoUrl: 'https://idp.example/sso',
      samlIdpCerts: ['MIIB'],
    },
    update: {},
  });
  await h.prisma.ssoDomain.create({ data: { accountId: team.accountId, domain: 'example.com', verificationToken: 't', verifiedAt: new Date() } });
  const noTwoFactor = await as.owner.post(`${ssoPage()}/policy`, {
    jit_enabled: '1',
    default_role: 'member',
    sso_required: '1',
    break_glass_user_id: team.users.owner.id,
  });
  expect(pageText(noTwoFactor.text)).toContain('must have two-factor authentication on');
  const cipher = createCipher(TEST_ENCRYPTION_KEY);
  const { secret } = await startTotpSetup(h.prisma, cipher, team.users.owner);
  await confirmTotpSetup(h.prisma, cipher, team.users.owner.id, totpCodeAt(secret, new Date()), new Date());
  await as.owner.get(ssoPage());
  const ok = await as.owner.post(`${ssoPage()}/policy`, {
    jit_enabled: '1',
    default_role: 'member',
    sso_required: '1',
    break_glass_user_id: team.users.owner.id,
  });
  expect(ok.status).toBe(303);
  expect(ok.location).toBe(`${ssoPage()}?done=policy`);

  // A member's password is right, and refused: the account requires SSO.
  const member = new WebClient(h.api.url);
  const refused = await member.signIn(team.users.member.email, TEST_PASSWORD);
  expect(refused.status).toBe(403);
  expect(pageText(refused.text)).toContain('requires its members to sign in through its identity provider');
  expect(member.cookies.has('upmon_session')).toBe(false);
  const failed = await h.prisma.auditEvent.findFirst({ where: { accountId: team.accountId, action: 'sign_in.failed', actorLabel: team.users.member.email } });
  expect(failed?.target).toContain('requires SSO');

  // The break-glass owner signs in with password, then the second step.
  const owner = new WebClient(h.api.url);
  const first = await owner.signIn(team.users.owner.email, TEST_PASSWORD);
  expect(first.location).toMatch(/^\/sign-in\/two-factor/);
  await owner.get('/sign-in/two-factor');
  const second = await owner.post('/sign-in/two-factor', { code: totpCodeAt(secret, new Date(Date.now() + 30_000)) });
  expect(second.location).toBe('/projects');

  // Without two-factor, the break-glass owner's password is refused too.
  await h.prisma.user.update({ where: { id: team.users.owner.id }, data: { totpSecret: null } });
  expect((await new WebClient(h.api.url).signIn(team.users.owner.email, TEST_PASSWORD)).status).toBe(403);
});

test('Continue with SSO finds the account by its verified domain', async () => {
  const anon = new WebClient(h.api.url);
  const found = await anon.get('/sign-in/sso?email=someone%40example.com');
  expect(found.status).toBe(200);
  expect(found.text).toContain(`href="/sso/${team.accountId}/start"`);
  const unknown = await anon.get('/sign-in/sso?email=someone%40nowhere.example');
  expect(unknown.status).toBe(404);
  expect(pageText(unknown.text)).toContain('No account signs in with single sign-on for nowhere.example');
  const notAnAddress = await anon.get('/sign-in/sso?email=%3Cscript%3E');
  expect(notAnAddress.status).toBe(422);
  expect(notAnAddress.text).not.toContain('<script>');
});

test('GET /api/v1/sso: read-write keys see the settings (never the secret), read-only keys get 403', async () => {
  const rw = await makeApiKey(h.prisma, team.project.id, 'rw');
  const ro = await makeApiKey(h.prisma, team.project.id, 'ro');
  const res = await h.call('GET', '/sso', { key: rw.key });
  expect(res.status).toBe(200);
  expect(res.body.data.domains).toEqual([
    expect.objectContaining({ domain: 'example.com', verified: true, txt_record_name: '_upmon-verification.example.com' }),
  ]);
  expect(res.body.data.service_provider.saml_acs_url).toBe(`${h.api.config.appBaseUrl}/sso/saml/${team.accountId}/acs`);
  expect(res.text).not.toContain('client_secret"');
  expect((await h.call('GET', '/sso', { key: ro.key })).status).toBe(403);
});
