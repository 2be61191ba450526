import { AAD, type Cipher } from '@upmon/crypto';
import type { Logger } from '@upmon/logger';
import { truncateUtf8 } from './utf8-truncate.js';

/** Ping bodies in responses are cut to 2 KB (spec "Limits"). */
export const PING_BODY_RESPONSE_BYTES = 2048;

/** A stored ping body of check `checkId`, decrypted and cut to 2 KB; null when empty or sealed with another key (logged). */
export function decryptPingBody(cipher: Cipher, logger: Logger, sealed: Uint8Array | null, checkId: string): string | null {
  if (!sealed || sealed.length === 0) return null;
  try {
    return truncateUtf8(cipher.decrypt(sealed, AAD.pingBody(checkId)), PING_BODY_RESPONSE_BYTES);
  } catch (err) {
    // A body sealed with another key must not make the whole history unreadable.
    logger.warn({ err: (err as Error).message }, 'ping body could not be decrypted');
    return null;
  }
}
