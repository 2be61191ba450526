/**
 * Where an e-mail verification link lands on the API host (APP_BASE_URL): a first path segment
 * shorter than a ping key, so the ping receiver hands it to Express (docs/pings.md).
 */
export const EMAIL_VERIFY_PATH = '/email/verify';

/** How long a mailed verification link works. */
export const EMAIL_VERIFICATION_TTL_MS = 48 * 3_600_000;

export function verificationLink(appBaseUrl: string, token: string): string {
  return `${appBaseUrl.replace(/\/+$/, '')}${EMAIL_VERIFY_PATH}/${token}`;
}
