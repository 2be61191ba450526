import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import {
  recordSecurityKeyUse,
  securityKeysOf,
  setRegistrationChallenge,
  setSignInChallenge,
  takeRegistrationChallenge,
  takeSignInChallenge,
} from '@upmon/user-store';
import type { WebContext } from '../web-context.js';

/** The longest credential JSON a form may post (a registration with attestation is ~1-2 kB). */
const CREDENTIAL_JSON_MAX = 16_000;

/** The relying party is the app's own host (APP_BASE_URL); assertions must come from its origin. */
function relyingParty(ctx: WebContext): { rpID: string; origin: string } {
  const url = new URL(ctx.config.appBaseUrl);
  return { rpID: url.hostname, origin: url.origin };
}

/** The credential JSON the browser script posted, or null when it is not an object of a sane size. */
function parseCredential<T>(text: string): T | null {
  if (!text || text.length > CREDENTIAL_JSON_MAX) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string' ? (value as T) : null;
  } catch {
    return null;
  }
}

/** Options for registering a new key (its challenge kept in the session, one use, 5 minutes). */
export async function registrationOptions(
  ctx: WebContext,
  viewer: { sessionId: string; userId: string; email: string; name: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const keys = await securityKeysOf(ctx.prisma, viewer.userId);
  const options = await generateRegistrationOptions({
    rpName: 'upmon',
    rpID: relyingParty(ctx).rpID,
    userName: viewer.email,
    userDisplayName: viewer.name,
    userID: new TextEncoder().encode(viewer.userId),
    attestationType: 'none',
    excludeCredentials: keys.map((k) => ({ id: k.credentialId, transports: k.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await setRegistrationChallenge(ctx.prisma, viewer.sessionId, options.challenge, ctx.clock.now());
  return options;
}

/** Verifies a registration against the session's challenge: the new credential, or null. */
export async function verifyRegistration(
  ctx: WebContext,
  sessionId: string,
  credentialJson: string,
): Promise<{ credentialId: string; publicKey: Uint8Array; counter: number; transports: string[] } | null> {
  const response = parseCredential<RegistrationResponseJSON>(credentialJson);
  const challenge = await takeRegistrationChallenge(ctx.prisma, sessionId, ctx.clock.now());
  if (!response || !challenge) return null;
  const { rpID, origin } = relyingParty(ctx);
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    const c = result.registrationInfo.credential;
    return { credentialId: c.id, publicKey: c.publicKey, counter: c.counter, transports: c.transports ?? [] };
  } catch (err) {
    ctx.logger.info({ err: (err as Error).message }, 'security key registration refused');
    return null;
  }
}

/** Options for the second step of a sign-in with a key (challenge on the pending sign-in's token), or null without keys. */
export async function signInOptions(ctx: WebContext, pending: { id: string; userId: string }): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
  const keys = await securityKeysOf(ctx.prisma, pending.userId);
  if (keys.length === 0) return null;
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx).rpID,
    allowCredentials: keys.map((k) => ({ id: k.credentialId, transports: k.transports as AuthenticatorTransport[] })),
    userVerification: 'preferred',
  });
  await setSignInChallenge(ctx.prisma, pending.id, options.challenge);
  return options;
}

/** Verifies an assertion by one of the person's keys against the pending sign-in's challenge (used up either way). */
export async function verifySignIn(ctx: WebContext, pending: { id: string; userId: string }, credentialJson: string): Promise<boolean> {
  const response = parseCredential<AuthenticationResponseJSON>(credentialJson);
  const challenge = await takeSignInChallenge(ctx.prisma, pending.id);
  if (!response || !challenge) return false;
  const key = (await securityKeysOf(ctx.prisma, pending.userId)).find((k) => k.credentialId === response.id);
  if (!key) return false;
  const { rpID, origin } = relyingParty(ctx);
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: { id: key.credentialId, publicKey: key.publicKey, counter: key.counter, transports: key.transports as AuthenticatorTransport[] },
      requireUserVerification: false,
    });
    return result.verified && (await recordSecurityKeyUse(ctx.prisma, key.id, key.counter, result.authenticationInfo.newCounter, ctx.clock.now()));
  } catch (err) {
    ctx.logger.info({ err: (err as Error).message }, 'security key assertion refused');
    return false;
  }
}
