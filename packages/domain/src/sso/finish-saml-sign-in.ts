import { DOMParser } from '@xmldom/xmldom';
import { sha256Hex } from '@upmon/crypto';
import type { Profile } from '@node-saml/node-saml';
import { provisionSsoUser } from './provision-sso-user.js';
import { samlServiceProvider, SAML_CLOCK_SKEW_MS } from './saml-service-provider.js';
import type { SsoDeps } from './sso-deps.js';
import { SsoRefusal, type SsoRefusalReason } from './sso-refusal.js';
import { ssoUrls } from './sso-urls.js';

const PROTOCOL = 'urn:oasis:names:tc:SAML:2.0:protocol';
const ASSERTION = 'urn:oasis:names:tc:SAML:2.0:assertion';
const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
/** A SAMLResponse (base64) larger than this is refused before it is decoded. */
export const SAML_RESPONSE_MAX_CHARS = 500_000;

function parse(xml: string) {
  return new DOMParser({ errorHandler: { warning: () => undefined, error: () => undefined } }).parseFromString(xml, 'text/xml');
}

/** Whether the response's assertion carries a signature at all (an unsigned one is refused with its own reason). */
function assertionIsSigned(xml: string): boolean {
  const assertion = parse(xml).getElementsByTagNameNS(ASSERTION, 'Assertion')[0];
  return !!assertion && Array.from(assertion.childNodes).some((n) => (n as Element).localName === 'Signature' && (n as Element).namespaceURI === DSIG);
}

/** node-saml's refusal, as a refusal a person can read. */
function samlRefusal(err: unknown, accountId: string, xml: string): SsoRefusal {
  if (err instanceof SsoRefusal) return err;
  const message = err instanceof Error ? err.message : String(err);
  const r = (reason: SsoRefusalReason, text: string) => new SsoRefusal(reason, text, accountId, null, message.slice(0, 300));
  if (/multiple assertions/i.test(message)) return r('wrapping', 'The answer holds more than one assertion (refused: a signature-wrapping attempt).');
  if (/InResponseTo is missing/i.test(message))
    return r('idp_initiated', "Sign-ins started at the identity provider are off for this account: start from upmon's sign-in page.");
  if (/InResponseTo/i.test(message)) return r('in_response_to', 'This answer does not belong to a sign-in started here (or it has expired).');
  if (/signature/i.test(message))
    return assertionIsSigned(xml)
      ? r('signature', "The assertion's signature does not match the identity provider's certificate.")
      : r('unsigned', 'The assertion is not signed: upmon accepts only signed assertions.');
  if (/audience/i.test(message)) return r('audience', 'The assertion is for another service provider (audience), not this account.');
  // node-saml picks a SubjectConfirmation by its time window alone: none valid means none is valid now.
  if (/expired|NotBefore|NotOnOrAfter|too old|no valid subject confirmation/i.test(message))
    return r('expired', 'The assertion has expired (or is not valid yet).');
  if (/issuer/i.test(message)) return r('issuer', 'The answer was issued by another identity provider than the one this account trusts.');
  if (/provider returned/i.test(message)) return r('idp_error', 'The identity provider refused the sign-in.');
  return r('invalid_response', "The identity provider's answer could not be verified.");
}

/** The attribute's values in the verified assertion (profile), as strings. */
function values(profile: Profile, name: string): string[] {
  const v = profile[name];
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.filter((x): x is string => typeof x === 'string');
  return [];
}

export interface SamlAcsResult {
  user: { id: string; email: string };
  accountId: string;
  /** SP-initiated: the state of the browser that started it, which finishes it (finishSamlBrowser). */
  state: string | null;
  next: string | null;
}

/**
 * The ACS of one account: node-saml checks the response (signed assertion against the IdP's
 * certificates, one assertion only, issuer, audience, time window, InResponseTo against the
 * requests this account sent); then upmon checks what node-saml leaves: the Destination and the
 * Recipient are this ACS, the assertion was not used before (replay), and the RelayState is the
 * state of the sign-in the InResponseTo names.
 */
export async function finishSamlSignIn(
  deps: SsoDeps,
  acs: { accountId: string; samlResponse: string; relayState: string | null; client: string | null },
): Promise<SamlAcsResult> {
  const { accountId } = acs;
  if (acs.samlResponse.length > SAML_RESPONSE_MAX_CHARS) throw new SsoRefusal('invalid_response', 'The SAML response is too large.', accountId);
  const settings = await deps.prisma.ssoSettings.findUnique({ where: { accountId } });
  if (!settings?.samlEnabled) throw new SsoRefusal('not_configured', 'This account does not sign in with SAML.', accountId);
  const xml = Buffer.from(acs.samlResponse, 'base64').toString('utf8');
  if (/<!DOCTYPE/i.test(xml)) throw new SsoRefusal('invalid_response', 'The SAML response must not contain a DOCTYPE.', accountId);
  let profile: Profile | null;
  try {
    ({ profile } = await samlServiceProvider(deps, settings).validatePostResponseAsync({ SAMLResponse: acs.samlResponse }));
  } catch (err) {
    throw samlRefusal(err, accountId, xml);
  }
  if (!profile) throw new SsoRefusal('invalid_response', 'The SAML response holds no assertion.', accountId);
  const urls = ssoUrls(deps.appBaseUrl, accountId);
  const response = parse(profile.getSamlResponseXml?.() ?? xml).documentElement!;
  const destination = response.getAttribute('Destination');
  if (response.localName !== 'Response' || response.namespaceURI !== PROTOCOL || destination !== urls.samlAcsUrl)
    throw new SsoRefusal('destination', "The response's Destination is not this account's ACS URL.", accountId);
  const assertion = parse(profile.getAssertionXml?.() ?? '').documentElement!;
  const confirmations = Array.from(assertion.getElementsByTagNameNS(ASSERTION, 'SubjectConfirmationData'));
  if (confirmations.length === 0 || confirmations.some((c) => c.getAttribute('Recipient') !== urls.samlAcsUrl))
    throw new SsoRefusal('recipient', "The assertion's Recipient is not this account's ACS URL.", accountId);
  const assertionId = assertion.getAttribute('ID') ?? '';
  const notOnOrAfter = confirmations.map((c) => Date.parse(c.getAttribute('NotOnOrAfter') ?? '')).find((t) => Number.isFinite(t));
  const now = deps.clock.now();
  // Replay: an assertion ID is accepted once while it could still be valid.
  const seen = await deps.prisma.samlAssertionSeen.createMany({
    data: [{ accountId, assertionId, expiresAt: new Date((notOnOrAfter ?? now.getTime() + 3_600_000) + SAML_CLOCK_SKEW_MS) }],
    skipDuplicates: true,
  });
  if (!assertionId || seen.count === 0) throw new SsoRefusal('replay', 'This assertion was already used (a replayed SAML response is refused).', accountId);

  const inResponseTo = response.getAttribute('InResponseTo');
  let state: string | null = null;
  let next: string | null = null;
  let loginId: string | null = null;
  if (inResponseTo) {
    // SP-initiated: the request's sign-in, taken once, and the RelayState must be its state.
    const { count } = await deps.prisma.ssoLogin.updateMany({
      where: { samlRequestId: inResponseTo, accountId, protocol: 'saml', usedAt: null, expiresAt: { gt: now }, stateHash: sha256Hex(acs.relayState ?? '') },
      data: { usedAt: now },
    });
    if (count !== 1) throw new SsoRefusal('in_response_to', 'This answer does not belong to a sign-in started here (or it was already used).', accountId);
    const login = await deps.prisma.ssoLogin.findUnique({ where: { samlRequestId: inResponseTo } });
    state = acs.relayState;
    next = login?.next ?? null;
    loginId = login?.id ?? null;
  } else if (!settings.samlAllowIdpInitiated) {
    throw new SsoRefusal('idp_initiated', "Sign-ins started at the identity provider are off for this account: start from upmon's sign-in page.", accountId);
  }
  const email =
    values(profile, 'email')[0] ??
    values(profile, 'mail')[0] ??
    values(profile, 'urn:oid:0.9.2342.19200300.100.1.3')[0] ??
    (/^[^@\s]+@[^@\s]+$/.test(profile.nameID) ? profile.nameID : null);
  const user = await provisionSsoUser(
    deps.prisma,
    {
      accountId,
      protocol: 'saml',
      subject: profile.nameID,
      email,
      emailVerified: true,
      name: values(profile, 'displayName')[0] ?? values(profile, 'cn')[0] ?? null,
      groups: values(profile, settings.groupsClaim).slice(0, 200),
    },
    acs.client,
    now,
  );
  if (loginId) await deps.prisma.ssoLogin.update({ where: { id: loginId }, data: { completedUserId: user.id } });
  return { user, accountId, state, next };
}
