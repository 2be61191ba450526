import dns from 'node:dns';
import { Resolver } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { Actor } from '../audit/actor.js';
import { ApiError } from '../errors.js';
import { verificationRecord } from './add-sso-domain.js';
import { recordSsoEvent } from './sso-audit.js';
import type { SsoDeps } from './sso-deps.js';

/** `ip`, `ip:port`, `[ipv6]:port` → the address alone (what the guard judges). */
function resolverIp(server: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(server);
  if (bracketed) return bracketed[1]!;
  if (isIP(server)) return server;
  return server.replace(/:\d+$/, '');
}

/**
 * The TXT records at `name`, asked of the operator's resolvers (SSO_DNS_RESOLVERS, else the
 * system's) that the outbound guard lets through: a resolver at a private or loopback address is
 * asked only when OUTBOUND_ALLOW_CIDRS allows it, like any other connection made for a user.
 */
async function txtRecords(deps: Pick<SsoDeps, 'guard' | 'dnsResolvers'>, name: string): Promise<string[]> {
  const servers = (deps.dnsResolvers.length > 0 ? [...deps.dnsResolvers] : dns.getServers()).filter((s) => deps.guard.isAllowed(resolverIp(s)));
  if (servers.length === 0) throw new Error('no DNS resolver that the outbound guard allows (see OUTBOUND_ALLOW_CIDRS, SSO_DNS_RESOLVERS)');
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  resolver.setServers(servers);
  const records = await resolver.resolveTxt(name);
  return records.map((chunks) => chunks.join(''));
}

/**
 * Checks a claimed domain's TXT record: `_upmon-verification.<domain>` must hold
 * `upmon-verification=<token>`. Verified, the domain is the account's for "Continue with SSO" and
 * for SSO sign-ins' addresses (and no other account can verify it). A failure says why.
 */
export async function verifySsoDomain(deps: Pick<SsoDeps, 'prisma' | 'guard' | 'dnsResolvers' | 'clock'>, accountId: string, actor: Actor, domainId: string) {
  const row = await deps.prisma.ssoDomain.findFirst({ where: { id: domainId, accountId } });
  if (!row) throw ApiError.notFound('no such domain in this account');
  const record = verificationRecord(row.domain, row.verificationToken);
  let problem: string | null = null;
  try {
    const found = await txtRecords(deps, record.name);
    if (!found.includes(record.value))
      problem = found.length === 0 ? `no TXT record at ${record.name}` : `the TXT records at ${record.name} do not include ${record.value}`;
  } catch (err) {
    const code = (err as { code?: string }).code;
    problem =
      code === 'ENOTFOUND' || code === 'ENODATA'
        ? `no TXT record at ${record.name}`
        : code
          ? `DNS lookup of ${record.name} failed (${code})`
          : `DNS lookup of ${record.name} failed: ${(err as Error).message}`;
  }
  const now = deps.clock.now();
  if (!problem) {
    const taken = await deps.prisma.ssoDomain.findFirst({ where: { domain: row.domain, verifiedAt: { not: null }, NOT: { accountId } } });
    if (taken) problem = `${row.domain} is verified by another account`;
  }
  return deps.prisma.$transaction(async (tx) => {
    const updated = await tx.ssoDomain.update({
      where: { id: row.id },
      data: problem ? { lastCheckedAt: now, lastError: problem } : { lastCheckedAt: now, lastError: null, verifiedAt: row.verifiedAt ?? now },
    });
    await recordSsoEvent(tx, accountId, actor, problem ? 'sso.domain_verify_failed' : 'sso.domain_verify', problem ? `${row.domain}: ${problem}` : row.domain);
    return updated;
  });
}
