import { recordAuditEventInAccounts, type AuditAction } from '@upmon/domain';
import type { Request } from 'express';
import type { WebContext } from '../web-context.js';

/**
 * What a person does to themselves (sign in, a failed sign-in for a known address, two-factor
 * changes) goes into the audit log of every account they belong to: each account's owners see it.
 */
export async function recordPersonEvent(ctx: WebContext, req: Request, user: { id: string; email: string }, action: AuditAction): Promise<void> {
  const memberships = await ctx.prisma.membership.findMany({ where: { userId: user.id }, select: { accountId: true } });
  const client = ctx.clientIp(req.socket.remoteAddress, req.headers['x-forwarded-for']);
  await recordAuditEventInAccounts(
    ctx.prisma,
    memberships.map((m) => m.accountId),
    { actor: { kind: 'user', userId: user.id, email: user.email, client }, action },
  );
}

export function recordSignIn(ctx: WebContext, req: Request, user: { id: string; email: string }, outcome: 'sign_in' | 'sign_in.failed'): Promise<void> {
  return recordPersonEvent(ctx, req, user, outcome);
}
