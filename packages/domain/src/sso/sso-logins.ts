import { AAD, randomToken, sha256Hex, type Cipher } from '@upmon/crypto';
import type { PrismaClient } from '@upmon/db';

/** An SSO sign-in must come back from the IdP within 10 minutes. */
export const SSO_LOGIN_TTL_MS = 10 * 60_000;

export interface NewSsoLogin {
  accountId: string;
  protocol: 'oidc' | 'saml';
  nonce?: string;
  codeVerifier?: string;
  next: string | null;
  now: Date;
}

/**
 * Starts an SSO sign-in: a random state that goes to the IdP (OIDC `state`, SAML RelayState) and
 * into the browser's cookie; only its SHA-256 is stored, with the nonce and the PKCE verifier
 * (encrypted, bound to the row).
 */
export async function createSsoLogin(prisma: PrismaClient, cipher: Cipher, login: NewSsoLogin): Promise<{ id: string; state: string }> {
  const state = randomToken(32);
  const row = await prisma.ssoLogin.create({
    data: {
      accountId: login.accountId,
      protocol: login.protocol,
      stateHash: sha256Hex(state),
      nonce: login.nonce ?? null,
      next: login.next,
      expiresAt: new Date(login.now.getTime() + SSO_LOGIN_TTL_MS),
    },
  });
  if (login.codeVerifier)
    await prisma.ssoLogin.update({
      where: { id: row.id },
      data: { codeVerifier: new Uint8Array(cipher.encrypt(login.codeVerifier, AAD.ssoCodeVerifier(row.id))) },
    });
  return { id: row.id, state };
}

/** Takes the sign-in of `state` once (a conditional UPDATE): a second answer for it finds nothing. */
export async function takeSsoLogin(prisma: PrismaClient, where: { state: string; protocol: 'oidc' | 'saml'; accountId?: string }, now: Date) {
  const stateHash = sha256Hex(where.state);
  const { count } = await prisma.ssoLogin.updateMany({
    where: { stateHash, protocol: where.protocol, usedAt: null, expiresAt: { gt: now }, ...(where.accountId ? { accountId: where.accountId } : {}) },
    data: { usedAt: now },
  });
  return count === 1 ? prisma.ssoLogin.findUnique({ where: { stateHash } }) : null;
}
