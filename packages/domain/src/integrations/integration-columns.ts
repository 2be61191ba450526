import { FLAP_DEFAULTS } from '@upmon/core';
import { AAD, type Cipher } from '@upmon/crypto';
import { Prisma } from '@upmon/db';
import type { IntegrationInput } from './integration-input.js';

/** JSON columns distinguish null (all checks / none) from a list: store SQL-JSON null explicitly. */
const jsonOrNull = (v: unknown) => (v === null ? Prisma.JsonNull : (v as Prisma.InputJsonValue));

/** `id`: the row the encrypted config is bound to. */
export function integrationInputColumns(input: IntegrationInput, cipher: Cipher, id: number) {
  return {
    name: input.name,
    enabled: input.enabled,
    events: input.events,
    tags: jsonOrNull(input.tags),
    quietHours: jsonOrNull(input.quiet_hours),
    reminders: jsonOrNull(input.reminders),
    // Off (null) keeps a window so the column stays valid; it is unused then.
    flapMaxChanges: input.flapping?.max_changes ?? null,
    flapWindowMin: input.flapping?.window_minutes ?? FLAP_DEFAULTS.windowMin,
    escalateAfterMin: input.escalate_after_min || null,
    config: new Uint8Array(cipher.encryptJson(input.config, AAD.integrationConfig(id))),
  };
}
