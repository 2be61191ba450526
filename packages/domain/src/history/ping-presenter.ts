import type { PingRow } from './history-reads.js';
import type { PingResponse } from './ping-response-schema.js';

/** A ping as the API lists it; `body` is the row's body decrypted and cut (`decryptPingBody`). */
export function presentPing(p: PingRow, body: string | null): PingResponse {
  return {
    ts: p.ts,
    type: p.type,
    exit_status: p.exit_status,
    source_ip: p.source_ip,
    method: p.method,
    body_size: p.body_size,
    duration_ms: p.duration_ms,
    note: p.note,
    body,
    user_agent: p.user_agent,
  };
}
