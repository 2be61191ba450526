import type { Cipher } from '@upmon/crypto';
import { Prisma } from '@upmon/db';
import type { IntegrationInput } from '../validation/integration-input.js';

/** JSON columns distinguish null (all checks / none) from a list: store SQL-JSON null explicitly. */
const jsonOrNull = (v: unknown) => (v === null ? Prisma.JsonNull : (v as Prisma.InputJsonValue));

export function integrationInputColumns(input: IntegrationInput, cipher: Cipher) {
  return {
    name: input.name,
    enabled: input.enabled,
    events: input.events,
    tags: jsonOrNull(input.tags),
    quietHours: jsonOrNull(input.quiet_hours),
    reminders: jsonOrNull(input.reminders),
    config: new Uint8Array(cipher.encryptJson(input.config)),
  };
}
