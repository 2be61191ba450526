import { joinHttpConfig } from '@upmon/core';
import { AAD, type Cipher } from '@upmon/crypto';
import type { PrismaClient } from '@upmon/db';

/** A probed check's stored settings, the http URL, headers and credentials decrypted into its config. */
export interface ProbeSettings {
  kind: string;
  httpConfig: unknown;
  tcpConfig: unknown;
  dnsConfig: unknown;
  tlsConfig: unknown;
}

/** What a probed check probes (the check page's "what is probed"), or null for an unknown check. */
export async function readProbeSettings(prisma: PrismaClient, cipher: Cipher, checkId: string): Promise<ProbeSettings | null> {
  const row = await prisma.check.findUnique({
    where: { id: checkId },
    select: { kind: true, httpConfig: true, httpSecrets: true, tcpConfig: true, dnsConfig: true, tlsConfig: true },
  });
  if (!row) return null;
  const { httpSecrets, ...settings } = row;
  return {
    ...settings,
    // The URL is stored encrypted (it may hold credentials).
    httpConfig: httpSecrets ? joinHttpConfig(row.httpConfig, cipher.decryptJson(httpSecrets, AAD.checkHttpSecrets(checkId))) : row.httpConfig,
  };
}
