import type { Express, Response } from 'express';
import { AAD, createCipher, sha256Hex } from '@upmon/crypto';
import type { AppDeps } from '../app-deps.js';
import { EMAIL_VERIFY_PATH } from '@upmon/domain';
import { confirmPage, invalidLinkPage, verifiedPage, type VerificationTarget } from './verification-page.js';

/** The shape of the tokens we issue (24 random bytes, base64url); anything else is refused unhashed. */
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

function sendPage(res: Response, status: number, html: string): void {
  res
    .status(status)
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      // The token is in the URL: no Referer leaves this page, nothing loads from elsewhere.
      'Referrer-Policy': 'no-referrer',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
      'X-Content-Type-Options': 'nosniff',
    })
    .send(html);
}

/**
 * E-mail address verification (docs/notifications.md): `GET <EMAIL_VERIFY_PATH>/<token>` shows what
 * is being confirmed and a button; the button's POST marks the address verified and clears the
 * token (a conditional update on the token hash and its expiry: the link works once). Unknown,
 * used or expired tokens get a 404 page saying so.
 */
export function mountEmailVerification(app: Express, deps: AppDeps): void {
  const { prisma, clock, logger } = deps;
  const cipher = createCipher(deps.config.encryptionKeys);
  const log = logger.child({ route: 'email-verification' });

  /** The integration a usable token belongs to, with its address; null otherwise. */
  async function lookUp(token: string, now: Date): Promise<(VerificationTarget & { id: number; hash: string }) | null> {
    if (token.length !== 32 || !TOKEN.test(token)) return null;
    const hash = sha256Hex(token);
    const row = await prisma.integration.findUnique({
      where: { emailVerifyTokenHash: hash },
      select: { id: true, kind: true, name: true, config: true, emailVerifyExpiresAt: true },
    });
    if (!row || row.kind !== 'email' || !row.emailVerifyExpiresAt || row.emailVerifyExpiresAt <= now) return null;
    const address = cipher.decryptJson<{ email?: unknown }>(row.config, AAD.integrationConfig(row.id))?.email;
    return { id: row.id, hash, integrationName: row.name, address: typeof address === 'string' ? address : '' };
  }

  app.get(`${EMAIL_VERIFY_PATH}/:token`, async (req, res, next) => {
    try {
      const target = await lookUp(req.params.token, clock.now());
      if (!target) return sendPage(res, 404, invalidLinkPage());
      sendPage(res, 200, confirmPage(target));
    } catch (err) {
      next(err);
    }
  });

  app.post(`${EMAIL_VERIFY_PATH}/:token`, async (req, res, next) => {
    try {
      const now = clock.now();
      const target = await lookUp(req.params.token, now);
      if (!target) return sendPage(res, 404, invalidLinkPage());
      const { count } = await prisma.integration.updateMany({
        where: { id: target.id, emailVerifyTokenHash: target.hash, emailVerifyExpiresAt: { gt: now } },
        data: { emailVerifiedAt: now, emailVerifyTokenHash: null, emailVerifyExpiresAt: null },
      });
      if (count !== 1) return sendPage(res, 404, invalidLinkPage());
      log.info({ integrationId: target.id }, 'e-mail address verified');
      sendPage(res, 200, verifiedPage(target));
    } catch (err) {
      next(err);
    }
  });
}
