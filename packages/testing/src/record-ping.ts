import { AAD, type Cipher } from '@upmon/crypto';
import type { Ping, PingType, Prisma } from '@upmon/db';

export interface PingInput {
  checkId: string;
  type: PingType;
  method: string;
  exitStatus?: number | null;
  rid?: string | null;
  sourceIp?: string | null;
  userAgent?: string | null;
  /** Total size of the received body (may exceed what is stored). */
  bodySize?: number;
  /** The body to store (already cut to the configured limit); encrypted here. */
  body?: Buffer | string | null;
  durationMs?: number | null;
  note?: string | null;
  /** Defaults to the database's now() (microseconds). */
  ts?: Date;
}

const USER_AGENT_MAX = 200;

/** Test fixture: inserts one ping with its body encrypted at rest, inside the caller's transaction (no state change). */
export function recordPingInTx(tx: Prisma.TransactionClient, cipher: Cipher, p: PingInput): Promise<Ping> {
  const body = p.body === null || p.body === undefined || p.body.length === 0 ? null : cipher.encrypt(p.body, AAD.pingBody(p.checkId));
  return tx.ping.create({
    data: {
      checkId: p.checkId,
      type: p.type,
      method: p.method,
      exitStatus: p.exitStatus ?? null,
      rid: p.rid ?? null,
      sourceIp: p.sourceIp ?? null,
      userAgent: p.userAgent ? p.userAgent.slice(0, USER_AGENT_MAX) : null,
      bodySize: p.bodySize ?? (p.body ? Buffer.byteLength(p.body) : 0),
      body: body ? new Uint8Array(body) : null,
      durationMs: p.durationMs ?? null,
      note: p.note ?? null,
      ...(p.ts ? { ts: p.ts } : {}),
    },
  });
}
