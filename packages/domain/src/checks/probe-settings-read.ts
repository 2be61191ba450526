import type { Cipher } from '@upmon/crypto';
import type { PrismaClient } from '@upmon/db';
import { PROBE_COLUMNS_SELECT, storedProbeConfig } from './check-columns.js';

/** A probed check's stored config, its credentials decrypted (null for a heartbeat). */
export interface ProbeSettings {
  kind: string;
  config: Record<string, unknown> | null;
}

/** What a probed check probes (the check page's "what is probed"), or null for an unknown check. */
export async function readProbeSettings(prisma: PrismaClient, cipher: Cipher, checkId: string): Promise<ProbeSettings | null> {
  const row = await prisma.check.findUnique({ where: { id: checkId }, select: { id: true, kind: true, ...PROBE_COLUMNS_SELECT } });
  if (!row) return null;
  return { kind: row.kind, config: storedProbeConfig(row, cipher) };
}
