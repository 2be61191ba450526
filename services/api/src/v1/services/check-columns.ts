import { splitHttpConfig } from '@upmon/core';
import type { Cipher } from '@upmon/crypto';
import type { Prisma } from '@upmon/db';
import type { CheckInput } from '../validation/check-input.js';

/** http_config → its plain settings and its encrypted credentials (url, headers, basic_auth). */
function httpConfigColumns(input: CheckInput, cipher: Cipher) {
  if (input.kind !== 'http' || !input.http_config) return {};
  const { settings, secrets } = splitHttpConfig(input.http_config);
  return { httpConfig: settings as Prisma.InputJsonValue, httpSecrets: new Uint8Array(cipher.encryptJson(secrets)) };
}

/** Validated input → the checks columns it sets (everything but kind/slug, which only create sets). */
export function checkInputColumns(input: CheckInput, cipher: Cipher) {
  const s = input.schedule;
  return {
    name: input.name,
    description: input.description ?? null,
    tags: input.tags,
    tz: input.tz,
    graceSec: input.grace_sec,
    scheduleKind: s.kind,
    periodSec: s.kind === 'period' ? (s.period_sec as number) : null,
    cron: s.kind === 'cron' ? (s.cron as string) : null,
    oncalendar: s.kind === 'oncalendar' ? (s.oncalendar as string) : null,
    ...httpConfigColumns(input, cipher),
  };
}
