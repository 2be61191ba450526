import { recordAuditEventInAccounts } from '@upmon/domain';
import type { Request } from 'express';
import type { WebContext } from '../web-context.js';

/**
 * A sign-in (or a failed one, for a known address) goes into the audit log of every account the
 * person belongs to: each account's owners see who got in, and attempts on their people.
 */
export async function recordSignIn(ctx: WebContext, req: Request, user: { id: string; email: string }, outcome: 'sign_in' | 'sign_in.failed'): Promise<void> {
  const memberships = await ctx.prisma.membership.findMany({ where: { userId: user.id }, select: { accountId: true } });
  const client = ctx.clientIp(req.socket.remoteAddress, req.headers['x-forwarded-for']);
  await recordAuditEventInAccounts(
    ctx.prisma,
    memberships.map((m) => m.accountId),
    { actor: { kind: 'user', userId: user.id, email: user.email, client }, action: outcome },
  );
}
