import { OutboundBlockedError } from '@upmon/outbound';
import { PhaseTimer, type ProbePhases } from '../common/phases.js';
import type { ProbeContext } from '../probe-kind.js';
import type { DnsConfig } from './dns-config.js';
import { guardsPrivateNetwork, isNonPublicName, isNonPublicRecord } from './dns-non-public.js';
import { queryRecords, type DnsRecord } from './dns-records.js';
import { parseResolverAddress } from './resolver-address.js';
import { resolverFor } from './resolver-pool.js';

export type DnsObservation =
  /** `hidden`: non-public records (isNonPublicRecord), never shown nor matched: see judgeDns. */
  | { kind: 'answer'; records: (DnsRecord & { hidden: boolean })[] }
  /** c-ares' code (ENOTFOUND, ENODATA, ESERVFAIL, EREFUSED, ETIMEOUT…), or EOUTBOUNDBLOCKED / EBADRESOLVER / ENONPUBLIC (not asked). */
  | { kind: 'error'; code: string; detail: string };

export interface DnsProbeResult {
  observation: DnsObservation;
  phases: ProbePhases;
}

/** c-ares' own timeout ends the query; this only guards against one that never reports back. */
const DEADLINE_SLACK_MS = 1000;

function deadline(ms: number): { promise: Promise<never>; cancel(): void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('query timed out'), { code: 'ETIMEOUT' })), ms);
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

/**
 * Asks the check's resolver (or the prober's own) for the records of its name and type. A resolver
 * address the user gave passes the outbound guard first, with the same rules as any connection.
 * Reports what came back without judging it; never throws.
 */
export async function performDnsProbe(config: DnsConfig, ctx: ProbeContext): Promise<DnsProbeResult> {
  const timer = new PhaseTimer();
  const error = (code: string, detail: string): DnsProbeResult => ({ observation: { kind: 'error', code, detail }, phases: timer.phases() });
  let server: string | null = null;
  if (config.resolver) {
    const address = parseResolverAddress(config.resolver);
    if (!address) return error('EBADRESOLVER', `not a resolver address: ${config.resolver}`);
    const reason = ctx.guard.blockReason(address.ip);
    if (reason) return error('EOUTBOUNDBLOCKED', new OutboundBlockedError(address.ip, reason).message);
    server = address.server;
  }
  // A public prober's resolver is not asked about private names at all (docs/probe-checks.md).
  if (guardsPrivateNetwork(ctx.guard) && isNonPublicName(config.name.toLowerCase().replace(/\.$/, ''), ctx.guard)) return error('ENONPUBLIC', '');
  const timeoutMs = config.timeoutSec * 1000;
  const guard = deadline(timeoutMs + DEADLINE_SLACK_MS);
  try {
    const records = await Promise.race([queryRecords(resolverFor(server, timeoutMs), config.name, config.recordType), guard.promise]);
    timer.mark('dns');
    return {
      observation: { kind: 'answer', records: records.map((r) => ({ ...r, hidden: isNonPublicRecord(config.recordType, r, ctx.guard) })) },
      phases: timer.phases(),
    };
  } catch (err) {
    timer.mark('dns');
    const e = err as NodeJS.ErrnoException;
    return error(String(e.code ?? 'EDNS'), String(e.message ?? e).slice(0, 200));
  } finally {
    guard.cancel();
  }
}
