import { randomToken } from '@upmon/crypto';
import type { Actor } from '../audit/actor.js';
import { ApiError } from '../errors.js';
import { recordSsoEvent } from './sso-audit.js';
import type { SsoDeps } from './sso-deps.js';

/** The TXT record that proves a domain: its name and the value to publish. */
export function verificationRecord(domain: string, token: string) {
  return { name: `_upmon-verification.${domain}`, value: `upmon-verification=${token}` };
}

/** An account claims a domain: a pending claim with a random token to publish in DNS. */
export async function addSsoDomain(deps: Pick<SsoDeps, 'prisma'>, accountId: string, actor: Actor, rawDomain: string) {
  const domain = rawDomain.toLowerCase().replace(/\.$/, '');
  if ((await deps.prisma.ssoDomain.count({ where: { accountId } })) >= 20) throw new ApiError('conflict', 'an account can claim at most 20 domains');
  const taken = await deps.prisma.ssoDomain.findFirst({ where: { domain, verifiedAt: { not: null }, NOT: { accountId } } });
  if (taken) throw new ApiError('conflict', `${domain} is verified by another account`);
  const existing = await deps.prisma.ssoDomain.findUnique({ where: { accountId_domain: { accountId, domain } } });
  if (existing) return existing;
  return deps.prisma.$transaction(async (tx) => {
    const row = await tx.ssoDomain.create({ data: { accountId, domain, verificationToken: randomToken(24) } });
    await recordSsoEvent(tx, accountId, actor, 'sso.domain_add', domain);
    return row;
  });
}
