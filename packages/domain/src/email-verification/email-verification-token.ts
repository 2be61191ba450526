import { randomToken, sha256Hex } from '@upmon/crypto';
import { EMAIL_VERIFICATION_TTL_MS } from './verification-link.js';

export interface EmailVerificationIssue {
  /** Goes into the mailed link only; never stored. */
  token: string;
  expiresAt: Date;
  /** Integration columns: the token's SHA-256 and its expiry; the address counts as unverified. */
  columns: { emailVerifyTokenHash: string; emailVerifyExpiresAt: Date; emailVerifiedAt: null };
}

/** A new one-time verification token (24 random bytes, like Telegram's link token). */
export function issueEmailVerification(now: Date): EmailVerificationIssue {
  const token = randomToken(24);
  const expiresAt = new Date(now.getTime() + EMAIL_VERIFICATION_TTL_MS);
  return { token, expiresAt, columns: { emailVerifyTokenHash: sha256Hex(token), emailVerifyExpiresAt: expiresAt, emailVerifiedAt: null } };
}
