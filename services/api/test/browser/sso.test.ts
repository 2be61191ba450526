/**
 * Single sign-on end to end (docs/sso.md), in Debian's Chromium through playwright-core, against
 * real identity providers started here: `oidc-provider` (a certified OpenID provider) as its own
 * process, and Debian's SimpleSAMLphp under PHP's built-in server. The api runs in this process
 * with the outbound guard allowing loopback (OUTBOUND_ALLOW_CIDRS, as the operator would for a lab)
 * and a DNS server of its own for the domains' TXT records.
 *
 * An owner verifies a domain and sets up OpenID Connect in the web app, then a person signs in
 * with "Continue with SSO" at the provider's own login form; SAML the same with SimpleSAMLphp.
 * Then every refusal the issue lists, each with its message and its audit entry: a wrong issuer,
 * audience, an expired token, `alg: none`, a token signed by another key (the real flow, the
 * token endpoint's answer rewritten by the proxy in front of the provider), an address the IdP has
 * not verified and one of an unverified domain; a replayed SAML response, an unsigned assertion,
 * signature wrapping, a response for another account's SP, IdP-initiated sign-in while off, and an
 * assertion outside its time window.
 * Pages are checked with axe at phone and laptop widths.
 */
import { jest } from '@jest/globals';
import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importJWK, SignJWT } from 'jose';
import {
  launchChromium,
  makeProject,
  PATIENCE_MS,
  simpleSamlPhpSkipReason,
  startDnsServer,
  startOidcProvider,
  startSimpleSamlPhp,
  type DnsServer,
  type DnsZone,
  type OidcIdp,
  type SamlIdp,
} from '@upmon/testing';
import { startBrowserApi, type BrowserApi } from '../support/browser-api.js';
import { axeViolations } from '../support/axe.js';
import { signIn, type Page } from '../support/browser-page.js';
import { makeUser } from '../support/web-users.js';

jest.setTimeout(300_000);

const skip = simpleSamlPhpSkipReason();
const SCREENSHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../docs/screenshots');

let h: BrowserApi;
let dns: DnsServer;
const zone: DnsZone = {};
let oidcIdp: OidcIdp;
let samlIdp: SamlIdp;
let browser: Awaited<ReturnType<typeof launchChromium>>;
/**
 * Accounts: A signs in with OpenID Connect (acme.test), B with SAML (beta.test), C with SAML whose IdP
 * signs only the response (gamma.test), D with SAML whose IdP issues assertions already expired (delta.test).
 */
const acct = { a: '', b: '', c: '', d: '' };
const owners = { a: '', b: '', c: '', d: '' };

const sp = (base: string, accountId: string) => ({ entityId: `${base}/sso/saml/${accountId}/metadata`, acsUrl: `${base}/sso/saml/${accountId}/acs` });

beforeAll(async () => {
  if (skip) return;
  dns = await startDnsServer(zone);
  h = await startBrowserApi({ OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8', SSO_ALLOW_HTTP: '1', SSO_DNS_RESOLVERS: `127.0.0.1:${dns.port}` });
  for (const k of ['a', 'b', 'c', 'd'] as const) {
    const project = await makeProject(h.prisma, { plan: 'business' });
    acct[k] = project.accountId;
    await h.prisma.account.update({ where: { id: project.accountId }, data: { name: { a: 'Acme', b: 'Beta', c: 'Gamma', d: 'Delta' }[k] } });
    owners[k] = (await makeUser(h.prisma, project.accountId, 'owner', `owner-${k}@owners.test`)).email;
  }
  oidcIdp = await startOidcProvider({
    redirectUri: `${h.base}/sso/oidc/callback`,
    accounts: {
      'alice@acme.test': { email: 'alice@acme.test', email_verified: true, name: 'Alice Acme', groups: ['Engineering'] },
      'eve@acme.test': { email: 'eve@acme.test', email_verified: false, name: 'Eve', groups: [] },
      'mallory@elsewhere.test': { email: 'mallory@elsewhere.test', email_verified: true, name: 'Mallory', groups: [] },
    },
  });
  samlIdp = await startSimpleSamlPhp({
    users: {
      bob: { password: 'bob-password', email: 'bob@beta.test', name: 'Bob Beta', groups: ['Operators'] },
      carol: { password: 'carol-password', email: 'carol@gamma.test', name: 'Carol', groups: [] },
      dave: { password: 'dave-password', email: 'dave@delta.test', name: 'Dave', groups: [] },
    },
    serviceProviders: [
      sp(h.base, acct.b),
      { ...sp(h.base, acct.c), signAssertion: false, signResponse: true },
      // NotOnOrAfter five minutes ago: past the SP's one-minute leeway for the IdP's clock.
      { ...sp(h.base, acct.d), assertionLifetimeSeconds: -300 },
    ],
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await oidcIdp?.stop();
  await samlIdp?.stop();
  await dns?.close();
  await h?.close();
});

const maybe = skip ? test.skip : test;
if (skip) test('SimpleSAMLphp is needed', () => console.warn(`skipped: ${skip}`));

/**
 * A page in a context of its own, with the script errors and CSP violations of upmon's pages (the
 * IdPs' own pages load fonts and icons from the internet, which fails here: not ours to judge).
 */
async function newPage(width = 1280): Promise<{ page: Page; problems: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  context.setDefaultTimeout(PATIENCE_MS);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && (m.location().url || page.url()).startsWith(h.base)) problems.push(m.text());
  });
  page.on('pageerror', (e) => {
    if (page.url().startsWith(h.base)) problems.push(e.message);
  });
  return { page, problems, close: () => context.close() };
}

async function expectNoAxeViolations(page: Page, what: string) {
  const violations = await axeViolations(page);
  expect({ what, violations }).toEqual({ what, violations: [] });
}

async function auditText(accountId: string): Promise<string> {
  const rows = await h.prisma.auditEvent.findMany({ where: { accountId }, orderBy: { id: 'asc' } });
  return rows.map((r) => `${r.action} | ${r.actorLabel} | ${r.target ?? ''}`).join('\n');
}

/** The owner verifies `domain` on the SSO page: the TXT record it shows goes into the test DNS, then "Verify". */
async function verifyDomain(page: Page, accountId: string, domain: string) {
  await page.goto(`${h.base}/accounts/${accountId}/sso`);
  await page.locator('#f-domain').fill(domain);
  await page.getByRole('button', { name: 'Add domain' }).click();
  await page.waitForURL(/done=domain/);
  const row = await h.prisma.ssoDomain.findFirstOrThrow({ where: { accountId, domain } });
  // Before the record exists, verification fails and says why.
  await page.getByRole('button', { name: `Verify ${domain}` }).click();
  await page.waitForURL(/done=not-verified/);
  expect(await page.locator('main').textContent()).toContain(`no TXT record at _upmon-verification.${domain}`);
  zone[`_upmon-verification.${domain}`] = { TXT: [{ data: 'some-other=record' }, { data: `upmon-verification=${row.verificationToken}` }] };
  await page.getByRole('button', { name: `Verify ${domain}` }).click();
  await page.waitForURL(/done=verified/);
}

/** Signs in at oidc-provider's own development login form, then its consent page (each only when shown). */
async function oidcProviderLogin(page: Page, login: string) {
  for (let step = 0; step < 5; step++) {
    await page.waitForLoadState();
    if (!page.url().startsWith(oidcIdp.issuer)) break;
    if (await page.locator('input[name=login]').count()) {
      await page.locator('input[name=login]').fill(login);
      await page.locator('input[name=password]').fill('any password');
    }
    await Promise.all([page.waitForNavigation(), page.locator('button[type=submit]').first().click()]);
  }
  await page.waitForURL((u) => u.href.startsWith(h.base));
}

/** "Continue with SSO" from the sign-in page up to the IdP. */
async function continueWithSso(page: Page, email: string) {
  await page.goto(`${h.base}/sign-in`);
  await page.getByRole('link', { name: 'Continue with SSO' }).click();
  await page.getByLabel('Work e-mail').fill(email);
  await page.keyboard.press('Enter');
  await page.locator('#sso-continue').click();
}

maybe('OpenID Connect: an owner sets it up, a person signs in through oidc-provider (JIT, group → role)', async () => {
  const { page, problems, close } = await newPage();
  await signIn(page, h.base, owners.a);
  await page.goto(`${h.base}/accounts/${acct.a}`);
  await page.getByRole('link', { name: 'Single sign-on' }).click();
  await verifyDomain(page, acct.a, 'acme.test');

  // A wrong issuer is refused at once, naming the field.
  await page.getByLabel('Issuer URL').fill(`${h.base}/not-an-issuer`);
  await page.getByLabel('Client ID').fill(oidcIdp.clientId);
  await page.getByLabel('Client secret').fill(oidcIdp.clientSecret);
  await page.getByRole('button', { name: 'Save OpenID Connect' }).click();
  expect(await page.locator('#f-issuer-error').textContent()).toContain('was not accepted');

  // That answer was a 422 on purpose (Chromium logs it as a failed load).
  problems.length = 0;
  await page.getByLabel('Issuer URL').fill(oidcIdp.issuer);
  await page.getByLabel('Client secret').fill(oidcIdp.clientSecret);
  await page.getByRole('button', { name: 'Save OpenID Connect' }).click();
  await page.waitForURL(/done=oidc/);
  await page.getByLabel('One mapping a line: group = role').fill('Engineering = admin');
  await page.getByRole('button', { name: 'Save mappings' }).click();
  await page.waitForURL(/done=groups/);
  const stored = await h.prisma.ssoSettings.findUniqueOrThrow({ where: { accountId: acct.a } });
  expect(Buffer.from(stored.oidcClientSecret!).toString('latin1')).not.toContain(oidcIdp.clientSecret);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, `SSO settings at ${width}px`);
  }
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: path.join(SCREENSHOTS, 'sso-settings-laptop.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SCREENSHOTS, 'sso-settings-phone.png') });
  await close();

  // A person of acme.test, unknown to upmon, signs in: provisioned just in time as admin (their group).
  const person = await newPage(390);
  await person.page.goto(`${h.base}/sign-in/sso`);
  await expectNoAxeViolations(person.page, 'Continue with SSO at 390px');
  await continueWithSso(person.page, 'alice@acme.test');
  await oidcProviderLogin(person.page, 'alice@acme.test');
  await person.page.waitForURL(/\/projects/);
  const alice = await h.prisma.user.findUniqueOrThrow({ where: { email: 'alice@acme.test' }, include: { memberships: true } });
  expect(alice.passwordHash).toBeNull();
  expect(alice.memberships).toEqual([expect.objectContaining({ accountId: acct.a, role: 'admin' })]);
  const log = await auditText(acct.a);
  expect(log).toMatch(/sso\.user_provisioned \| alice@acme\.test \| alice@acme\.test as admin \(oidc\)/);
  expect(log).toMatch(/sso\.sign_in \| alice@acme\.test \| OpenID Connect/);
  expect(log).toMatch(/sso\.oidc_update \| owner-a@owners\.test/);
  expect(person.problems).toEqual([]);
  expect(problems).toEqual([]);
  await person.close();
});

let sampleToken: string | null = null;
/** An ID token the provider really issued for alice (captured through the proxy on an untouched sign-in). */
async function sampleIdToken(): Promise<string> {
  if (sampleToken) return sampleToken;
  const { page, close } = await newPage();
  oidcIdp.tamperTokens((body) => {
    sampleToken = String(body.id_token);
    return body;
  });
  await page.goto(`${h.base}/sso/${acct.a}/start`);
  await oidcProviderLogin(page, 'alice@acme.test');
  await page.waitForURL(/\/projects/);
  oidcIdp.tamperTokens(null);
  await close();
  return sampleToken!;
}

const b64json = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

const provider = () => importJWK(oidcIdp.signingJwk, 'RS256');

/** Claims re-signed with the provider's own key (so only the claim check can fail). */
async function resign(claims: Record<string, unknown>): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: oidcIdp.signingJwk.kid }).sign(await provider());
}

maybe('OpenID Connect refusals: wrong issuer, wrong audience, expired, alg none, another key; each with its message and audit entry', async () => {
  const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const template = b64json((await sampleIdToken()).split('.')[1]!);
  /**
   * A real sign-in through the provider whose token endpoint answer carries, instead of the real
   * ID token, one made from a real token's claims with this sign-in's nonce and `make`'s change.
   * at_hash (optional in the code flow) is left out, so the only thing wrong is what the case names.
   */
  const run = async (make: (claims: Record<string, unknown>) => Promise<string>, message: string, reason: string) => {
    const { page, close } = await newPage();
    let forged: string | null = null;
    oidcIdp.tamperTokens((body) => ({ ...body, id_token: forged ?? String(body.id_token) }));
    try {
      await page.goto(`${h.base}/sso/${acct.a}/start`);
      const login = await h.prisma.ssoLogin.findFirstOrThrow({ where: { accountId: acct.a, protocol: 'oidc' }, orderBy: { createdAt: 'desc' } });
      const now = Math.floor(Date.now() / 1000);
      const { at_hash: _atHash, ...claims } = template;
      forged = await make({ ...claims, nonce: login.nonce, iat: now, exp: now + 600 });
      await oidcProviderLogin(page, 'alice@acme.test');
      const text = (await page.locator('main').textContent()) ?? '';
      expect({ reason, text }).toEqual({ reason, text: expect.stringContaining(message) });
      expect(text).toContain('Single sign-on refused');
      expect(await auditText(acct.a)).toContain(`sso.sign_in_refused | identity provider | ${reason}: ${message}`);
    } finally {
      oidcIdp.tamperTokens(null);
      await close();
    }
  };
  const sessionsBefore = await h.prisma.session.count();
  await run((c) => resign({ ...c, iss: 'https://evil.example' }), 'The ID token was issued by another issuer than the one this account trusts.', 'issuer');
  await run((c) => resign({ ...c, aud: 'another-client' }), 'The ID token was issued for another client (audience), not for upmon.', 'audience');
  await run((c) => resign({ ...c, iat: Number(c.iat) - 7200, exp: Number(c.iat) - 3600 }), 'The ID token has expired (or is not valid yet).', 'expired');
  await run(
    async (c) => `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(c)).toString('base64url')}.`,
    'The ID token is not signed with an algorithm the identity provider announces (unsigned tokens are refused).',
    'algorithm',
  );
  await run(
    async (c) => new SignJWT(c).setProtectedHeader({ alg: 'RS256', kid: oidcIdp.signingJwk.kid }).sign(otherKey),
    "The ID token's signature does not match the identity provider's published keys.",
    'signature',
  );
  // Nobody was signed in by any of them.
  expect(await h.prisma.session.count()).toBe(sessionsBefore);
  // The same forged-claims path with nothing wrong signs in: the refusals above are the checks', not the test's.
  const { page, close } = await newPage();
  let good: string | null = null;
  oidcIdp.tamperTokens((body) => ({ ...body, id_token: good ?? String(body.id_token) }));
  await page.goto(`${h.base}/sso/${acct.a}/start`);
  const login = await h.prisma.ssoLogin.findFirstOrThrow({ where: { accountId: acct.a, protocol: 'oidc' }, orderBy: { createdAt: 'desc' } });
  const now = Math.floor(Date.now() / 1000);
  const { at_hash: _atHash, ...claims } = template;
  good = await resign({ ...claims, nonce: login.nonce, iat: now, exp: now + 600 });
  await oidcProviderLogin(page, 'alice@acme.test');
  await page.waitForURL(/\/projects/);
  oidcIdp.tamperTokens(null);
  await close();
});

maybe('OpenID Connect refusals: an address the IdP has not verified, an address of a domain the account has not verified', async () => {
  oidcIdp.tamperTokens(null);
  for (const [login, message, reason] of [
    ['eve@acme.test', 'The identity provider has not verified the address eve@acme.test.', 'email_unverified'],
    [
      'mallory@elsewhere.test',
      'elsewhere.test is not a domain this account has verified, so its identity provider cannot sign in mallory@elsewhere.test.',
      'domain_unverified',
    ],
  ] as const) {
    const { page, close } = await newPage();
    await page.goto(`${h.base}/sso/${acct.a}/start`);
    await oidcProviderLogin(page, login);
    expect((await page.locator('main').textContent()) ?? '').toContain(message);
    expect(await auditText(acct.a)).toContain(`sso.sign_in_refused | ${login} | ${reason}: ${message}`);
    expect(await h.prisma.user.findUnique({ where: { email: login } })).toBeNull();
    await close();
  }
  const { page, close } = await newPage(390);
  await page.goto(`${h.base}/sso/${acct.a}/start`);
  await oidcProviderLogin(page, 'eve@acme.test');
  await expectNoAxeViolations(page, 'refusal page at 390px');
  await close();
});

/** The SAMLResponse and RelayState the browser posts to an ACS (captured as it goes). */
function captureAcsPosts(page: Page): { body: URLSearchParams; url: string }[] {
  const posts: { body: URLSearchParams; url: string }[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && /\/sso\/saml\/[^/]+\/acs$/.test(new URL(req.url()).pathname))
      posts.push({ url: req.url(), body: new URLSearchParams(req.postData() ?? '') });
  });
  return posts;
}

async function samlLogin(page: Page, user: string, password: string) {
  await page.waitForURL((u) => u.href.startsWith(samlIdp.baseUrl));
  await page.locator('input[name=username]').fill(user);
  await page.locator('input[name=password]').fill(password);
  await page.locator('input[name=password]').press('Enter');
  await page
    .waitForURL((u) => u.href.startsWith(h.base))
    .catch(async (err: Error) => {
      throw new Error(`${err.message}\nat ${page.url()}: ${(await page.locator('body').textContent())?.slice(0, 1500)}\n${samlIdp.log().slice(-3000)}`);
    });
}

async function postAcs(accountId: string, form: Record<string, string>) {
  const res = await fetch(`${h.base}/sso/saml/${accountId}/acs`, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' });
  return { status: res.status, text: await res.text() };
}

let captured: { body: URLSearchParams; url: string } | undefined;

maybe('SAML: an owner sets up SimpleSAMLphp by its metadata URL, a person signs in (SP-initiated)', async () => {
  const { page, problems, close } = await newPage();
  await signIn(page, h.base, owners.b);
  await verifyDomain(page, acct.b, 'beta.test');
  await page.getByLabel('IdP metadata URL').fill(samlIdp.metadataUrl);
  await page.getByRole('button', { name: 'Save SAML' }).click();
  await page.waitForURL(/done=saml/);
  expect(await page.locator('main').textContent()).toContain(samlIdp.entityId);
  await page.getByLabel('One mapping a line: group = role').fill('Operators = member\nAuditors = read_only');
  await page.getByRole('button', { name: 'Save mappings' }).click();
  await page.waitForURL(/done=groups/);
  // The SP metadata the owner gives the IdP.
  const metadata = await (await fetch(`${h.base}/sso/saml/${acct.b}/metadata`)).text();
  expect(metadata).toContain(`entityID="${h.base}/sso/saml/${acct.b}/metadata"`);
  expect(metadata).toContain(`Location="${h.base}/sso/saml/${acct.b}/acs"`);
  expect(metadata).toContain('WantAssertionsSigned="true"');
  expect(problems).toEqual([]);
  await close();

  const person = await newPage(390);
  const posts = captureAcsPosts(person.page);
  await continueWithSso(person.page, 'bob@beta.test');
  await samlLogin(person.page, 'bob', 'bob-password');
  await person.page.waitForURL(/\/projects/);
  const bob = await h.prisma.user.findUniqueOrThrow({ where: { email: 'bob@beta.test' }, include: { memberships: true } });
  expect(bob.memberships).toEqual([expect.objectContaining({ accountId: acct.b, role: 'member' })]);
  expect(await auditText(acct.b)).toMatch(/sso\.sign_in \| bob@beta\.test \| SAML/);
  expect(posts).toHaveLength(1);
  captured = posts[0];
  expect(person.problems).toEqual([]);
  await person.close();
});

maybe('SAML refusals: replay, signature wrapping, another account’s SP, unsigned assertion, IdP-initiated while off', async () => {
  expect(captured).toBeDefined();
  const original = Object.fromEntries(captured!.body.entries());

  // The same response again, as an attacker who saw it would send it.
  const replay = await postAcs(acct.b, original);
  expect(replay.status).toBe(401);
  expect(replay.text).toContain('This answer was already used (a replayed SAML response is refused).');
  expect(await auditText(acct.b)).toContain('sso.sign_in_refused | identity provider | replay: ');

  // Account C uses the same IdP; a response SimpleSAMLphp made for B's SP, posted to C's ACS.
  const { page, close } = await newPage();
  await signIn(page, h.base, owners.c);
  await verifyDomain(page, acct.c, 'gamma.test');
  await page.getByLabel('IdP metadata URL').fill(samlIdp.metadataUrl);
  await page.getByRole('button', { name: 'Save SAML' }).click();
  await page.waitForURL(/done=saml/);
  await close();

  const person = await newPage();
  const posts = captureAcsPosts(person.page);
  // Stop the browser's post to B's ACS: the response is the attacker's to use elsewhere.
  await person.page.route(`${h.base}/sso/saml/${acct.b}/acs`, (route) => route.abort());
  await person.page.goto(`${h.base}/sso/${acct.b}/start`);
  await samlLogin(person.page, 'bob', 'bob-password').catch(() => undefined);
  await person.page.waitForTimeout(0);
  await (async () => {
    for (let i = 0; i < 400 && posts.length === 0; i++) await new Promise((r) => setTimeout(r, 25));
  })();
  expect(posts).toHaveLength(1);
  const forB = Object.fromEntries(posts[0]!.body.entries());
  // Signature wrapping (a fresh response: nothing used it yet): an unsigned assertion for someone else beside the signed one.
  const xml = Buffer.from(forB.SAMLResponse!, 'base64').toString('utf8');
  const signed = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(xml)![0];
  const evil = signed
    .replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '')
    .replace(/ID="[^"]+"/, 'ID="_evil"')
    .replace(/bob@beta\.test/g, 'owner-b@owners.test');
  const wrapped = xml.replace(signed, evil + signed);
  const wrapping = await postAcs(acct.b, { SAMLResponse: Buffer.from(wrapped).toString('base64'), RelayState: forB.RelayState ?? '' });
  expect(wrapping.status).toBe(401);
  expect(wrapping.text).toContain('The answer holds more than one assertion (refused: a signature-wrapping attempt).');
  expect(await auditText(acct.b)).toContain('sso.sign_in_refused | identity provider | wrapping: ');

  const other = await postAcs(acct.c, forB);
  expect(other.status).toBe(401);
  expect(other.text).toContain("This answer is for another account's service provider.");
  expect(await auditText(acct.c)).toContain("sso.sign_in_refused | identity provider | audience: This answer is for another account's service provider.");
  await person.close();

  // C's IdP entry signs the response but not the assertion: refused, upmon wants signed assertions.
  const carol = await newPage();
  await carol.page.goto(`${h.base}/sso/${acct.c}/start`);
  await samlLogin(carol.page, 'carol', 'carol-password');
  expect((await carol.page.locator('main').textContent()) ?? '').toContain('The assertion is not signed: upmon accepts only signed assertions.');
  expect(await auditText(acct.c)).toContain('sso.sign_in_refused | identity provider | unsigned: ');
  expect(await h.prisma.user.findUnique({ where: { email: 'carol@gamma.test' } })).toBeNull();
  await carol.close();

  // IdP-initiated: off unless the owner turns it on.
  const idpInit = await newPage();
  await idpInit.page.goto(samlIdp.idpInitiatedUrl(`${h.base}/sso/saml/${acct.b}/metadata`));
  await samlLogin(idpInit.page, 'bob', 'bob-password');
  expect((await idpInit.page.locator('main').textContent()) ?? '').toContain('Sign-ins started at the identity provider are off for this account');
  expect(await auditText(acct.b)).toContain('sso.sign_in_refused | identity provider | idp_initiated: ');
  await idpInit.close();

  // The owner turns it on (saving with both metadata fields empty keeps the metadata): then it signs in.
  const ownerB = await newPage();
  await signIn(ownerB.page, h.base, owners.b);
  await ownerB.page.goto(`${h.base}/accounts/${acct.b}/sso`);
  await ownerB.page.getByLabel('Accept sign-ins started at the identity provider (IdP-initiated)').check();
  await ownerB.page.getByRole('button', { name: 'Save SAML' }).click();
  await ownerB.page.waitForURL(/done=saml/);
  await ownerB.close();
  expect(await auditText(acct.b)).toContain('IdP-initiated on)');
  const allowed = await newPage();
  await allowed.page.goto(samlIdp.idpInitiatedUrl(`${h.base}/sso/saml/${acct.b}/metadata`));
  await samlLogin(allowed.page, 'bob', 'bob-password');
  await allowed.page.waitForURL(/\/projects/);
  expect(allowed.problems).toEqual([]);
  await allowed.close();
});

maybe('SAML: an assertion outside its time window is refused (NotOnOrAfter past the clock leeway)', async () => {
  const owner = await newPage();
  await signIn(owner.page, h.base, owners.d);
  await verifyDomain(owner.page, acct.d, 'delta.test');
  await owner.page.getByLabel('IdP metadata URL').fill(samlIdp.metadataUrl);
  await owner.page.getByRole('button', { name: 'Save SAML' }).click();
  await owner.page.waitForURL(/done=saml/);
  await owner.close();

  const dave = await newPage();
  await continueWithSso(dave.page, 'dave@delta.test');
  await samlLogin(dave.page, 'dave', 'dave-password');
  expect((await dave.page.locator('main').textContent()) ?? '').toContain('The assertion has expired (or is not valid yet).');
  expect(await auditText(acct.d)).toContain('sso.sign_in_refused | identity provider | expired: ');
  expect(await h.prisma.user.findUnique({ where: { email: 'dave@delta.test' } })).toBeNull();
  await dave.close();
});
