import { isRole, mayAssignRole, type Role } from '@upmon/core';
import { changeMembership, invitationPath, isPlausibleEmail, LastOwnerError, normalizeEmail, type MembershipChange } from '@upmon/user-store';
import { Router, type Response } from 'express';
import { sendAccountMail } from '../http/account-mail.js';
import {
  createInvitation,
  findMember,
  isMemberAddress,
  listAuditEvents,
  listProjectCheckCounts,
  parseAuditLogQuery,
  readAccountPage,
  recordAuditEvent,
  removeMemberTwoFactor,
  revokeInvitation,
  setTwoFactorRequirement,
} from '@upmon/domain';
import { requireRole, uuidParam, viewerActor } from '../http/project-access.js';
import { pageContext, sendPage } from '../http/render.js';
import { requireViewer } from '../http/require-viewer.js';
import { throttle } from '../http/throttle.js';
import { viewerOf, type Viewer, type ViewerMembership } from '../http/viewer.js';
import { notFound, WebError } from '../http/web-error.js';
import { noticeOf } from '../http/notice.js';
import { asForm, field } from '../forms/form-values.js';
import { AccountPage, type AccountPageProps } from '../views/account/account-page.js';
import { AuditLogPage } from '../views/account/audit-log-page.js';
import type { FormErrors } from '../views/form-fields.js';
import type { WebContext } from '../web-context.js';

const NOTICES: Record<string, string> = {
  invited: 'Invitation sent.',
  role: 'Role changed.',
  removed: 'Member removed.',
  revoked: 'Invitation revoked.',
  'two-factor-removed': 'Two-factor authentication removed: they sign in with their password alone until they set it up again.',
  'two-factor-required': 'Saved.',
};

/** An account's page: plan and usage, members and their roles, invitations. */
export function accountsRouter(ctx: WebContext): Router {
  const r = Router();
  r.use('/accounts', requireViewer);

  const membershipOf = (res: Response, accountId: string): { viewer: Viewer; m: ViewerMembership } => {
    const viewer = viewerOf(res) as Viewer;
    const m = viewer.memberships.find((x) => x.accountId === uuidParam(accountId));
    if (!m) throw notFound();
    return { viewer, m };
  };

  const show = async (res: Response, viewer: Viewer, m: ViewerMembership, extra: Partial<AccountPageProps> = {}, status = 200) => {
    const now = ctx.clock.now();
    const [projects, { members, invitations, requireTwoFactor }] = await Promise.all([
      listProjectCheckCounts(ctx.pool, [m.accountId]),
      readAccountPage(ctx.prisma, m.accountId, now),
    ]);
    sendPage(
      res,
      <AccountPage
        page={pageContext(res, ctx.assets)}
        account={{ id: m.accountId, name: m.accountName, plan: m.plan }}
        role={m.role}
        viewerId={viewer.userId}
        usage={{ total: projects.reduce((s, p) => s + p.checks, 0), projects: projects.map(({ id, name, checks }) => ({ id, name, checks })) }}
        members={members}
        invitations={invitations}
        requireTwoFactor={requireTwoFactor}
        mailConfigured={ctx.mailer.configured}
        errors={{}}
        {...extra}
      />,
      status,
    );
  };

  r.get('/accounts/:id', async (req, res) => {
    const { viewer, m } = membershipOf(res, req.params.id);
    await show(res, viewer, m, { notice: noticeOf(NOTICES, req.query.done) });
  });

  r.get('/accounts/:id/audit-log', async (req, res) => {
    const { m } = membershipOf(res, req.params.id);
    requireRole(m.role, 'audit_log.read');
    // A cursor that is not one (422) gets the error page with the API's message.
    const query = parseAuditLogQuery({ cursor: req.query.cursor });
    const { events, nextCursor } = await listAuditEvents(ctx.pool, { accountId: m.accountId }, query);
    sendPage(
      res,
      <AuditLogPage
        page={pageContext(res, ctx.assets)}
        account={{ id: m.accountId, name: m.accountName }}
        events={events}
        nextCursor={nextCursor}
        paged={query.cursor !== undefined}
      />,
    );
  });

  /** Owners only: whether members must have two-factor authentication (those without are sent to set it up). */
  r.post('/accounts/:id/two-factor-required', async (req, res) => {
    const { viewer, m } = membershipOf(res, req.params.id);
    if (m.role !== 'owner') throw new WebError(403, 'Only owners decide whether members need two-factor authentication.');
    const on = field(asForm(req.body), 'require') === 'on';
    await setTwoFactorRequirement(ctx.prisma, m.accountId, viewerActor(viewer), on);
    res.redirect(303, `/accounts/${m.accountId}?done=two-factor-required`);
  });

  /** Owners only: a member lost their device and their recovery codes; they sign in with their password alone until they set it up again. */
  r.post('/accounts/:id/members/:userId/two-factor/remove', async (req, res) => {
    const { viewer, m } = membershipOf(res, req.params.id);
    if (m.role !== 'owner') throw new WebError(403, "Only owners remove a member's two-factor authentication.");
    const target = await targetOf(m, req.params.userId);
    await removeMemberTwoFactor(ctx.prisma, m.accountId, viewerActor(viewer), { userId: target.userId, email: target.user.email });
    res.redirect(303, `/accounts/${m.accountId}?done=two-factor-removed`);
  });

  const targetOf = async (m: ViewerMembership, userId: string) => {
    const target = await findMember(ctx.prisma, m.accountId, uuidParam(userId));
    if (!target) throw notFound();
    return target;
  };

  /**
   * Changes a member (`changeMembership`: under the account's row lock, so the account keeps an
   * owner however many changes arrive at once); `authorise` sees both roles as they are then.
   * Returns the member as they were.
   */
  const changeMember = async (
    viewer: Viewer,
    m: ViewerMembership,
    userId: string,
    to: MembershipChange,
    authorise: (roles: { actor: Role; target: Role }) => void,
  ) => {
    try {
      const before = await changeMembership(
        ctx.prisma,
        { accountId: m.accountId, actorId: viewer.userId, userId: uuidParam(userId), to },
        ({ actor, target }) => {
          if (actor === null) throw notFound();
          authorise({ actor, target });
        },
      );
      if (!before) throw notFound();
      return before;
    } catch (err) {
      throw err instanceof LastOwnerError ? new WebError(409, err.message) : err;
    }
  };

  r.post('/accounts/:id/members/:userId/role', async (req, res) => {
    const { viewer, m } = membershipOf(res, req.params.id);
    requireRole(m.role, 'members.manage');
    const to = field(asForm(req.body), 'role');
    if (!isRole(to)) throw new WebError(400, 'Choose one of the roles offered.');
    const before = await changeMember(viewer, m, req.params.userId, { role: to }, ({ actor, target }) => {
      requireRole(actor, 'members.manage');
      if (!mayAssignRole(actor, target, to)) throw new WebError(403, 'Only owners make or change owners.');
    });
    const change = `${before.email}: ${before.role} → ${to}`;
    await recordAuditEvent(ctx.prisma, { accountId: m.accountId, actor: viewerActor(viewer), action: 'member.role_change', target: change });
    res.redirect(303, `/accounts/${m.accountId}?done=role`);
  });

  r.post('/accounts/:id/members/:userId/remove', async (req, res) => {
    const { viewer, m } = membershipOf(res, req.params.id);
    const self = uuidParam(req.params.userId) === viewer.userId;
    // Anyone may leave; removing others takes members.manage, and only owners remove owners.
    const before = await changeMember(viewer, m, req.params.userId, 'remove', ({ actor, target }) => {
      if (self) return;
      requireRole(actor, 'members.manage');
      if (!mayAssignRole(actor, target, target)) throw new WebError(403, 'Only owners remove owners.');
    });
    await recordAuditEvent(ctx.prisma, { accountId: m.accountId, actor: viewerActor(viewer), action: 'member.remove', target: before.email });
    res.redirect(303, self ? '/projects' : `/accounts/${m.accountId}?done=removed`);
  });

  r.post('/accounts/:id/invitations', async (req, res) => {
    const { viewer, m } = membershipOf(res, req.params.id);
    requireRole(m.role, 'members.manage');
    const body = asForm(req.body);
    const email = normalizeEmail(field(body, 'email')).slice(0, 255);
    const role = field(body, 'role');
    const errors: FormErrors = {};
    if (!isPlausibleEmail(email)) errors.email = ['must be an e-mail address'];
    if (!isRole(role) || !mayAssignRole(m.role, null, role)) errors.role = ['must be one of the roles offered'];
    else if (await isMemberAddress(ctx.prisma, m.accountId, email)) errors.email = ['is already a member'];
    if (Object.keys(errors).length > 0) {
      await show(res, viewer, m, { errors }, 422);
      return;
    }
    await throttle(ctx, req, 'mail', email);
    const { token } = await createInvitation(ctx.prisma, { accountId: m.accountId, email, role: role as Role, invitedById: viewer.userId }, ctx.clock.now());
    const link = `${ctx.config.appBaseUrl}${invitationPath(token)}`;
    if (!ctx.mailer.configured) {
      await show(res, viewer, m, { invite: { link, why: 'no_mail' } }, 201);
      return;
    }
    try {
      await sendAccountMail(ctx, email, `${viewer.name} invited you to ${m.accountName} on upmon`, [
        `${viewer.name} (${viewer.email}) invited you to the account "${m.accountName}" on upmon, the uptime and cron-job monitor.`,
        '',
        'Open this link to accept (it works once, within 7 days):',
        link,
      ]);
    } catch (err) {
      // The invitation exists; only the e-mail failed (logged by sendAccountMail). Its link is
      // shown this once to the person who made it, to pass on by hand (as `admin user create` prints one).
      if (!(err instanceof WebError && err.status === 503)) throw err;
      await show(res, viewer, m, { invite: { link, why: 'mail_failed' } }, 201);
      return;
    }
    res.redirect(303, `/accounts/${m.accountId}?done=invited`);
  });

  r.post('/accounts/:id/invitations/:invitationId/revoke', async (req, res) => {
    const { m } = membershipOf(res, req.params.id);
    requireRole(m.role, 'members.manage');
    await revokeInvitation(ctx.prisma, m.accountId, uuidParam(req.params.invitationId));
    res.redirect(303, `/accounts/${m.accountId}?done=revoked`);
  });

  return r;
}
