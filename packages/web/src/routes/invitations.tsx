import { ROLE_LABELS } from '@upmon/core';
import { hashPassword } from '@upmon/crypto';
import { acceptInvitation, createUser, findOpenInvitation, findUserByEmail, landingPageOf } from '@upmon/domain';
import { Router, type Request, type Response } from 'express';
import { readNewUser } from '../forms/new-user-form.js';
import { asForm } from '../forms/form-values.js';
import { pageContext, sendPage } from '../http/render.js';
import { startSession } from '../http/sessions.js';
import { viewerOf } from '../http/viewer.js';
import { WebError } from '../http/web-error.js';
import { ConfirmLinkPage } from '../views/confirm-link-page.js';
import type { FormErrors } from '../views/form-fields.js';
import { MessagePage } from '../views/message-page.js';
import { NewUserPage } from '../views/people/sign-up-page.js';
import type { WebContext } from '../web-context.js';

/**
 * Accepting an invitation from its e-mailed link. The link proves the invited mailbox: a new
 * user chooses a name and password here; an existing user signs in as that address first. One
 * use (the acceptance is a conditional UPDATE).
 */
export function invitationsRouter(ctx: WebContext): Router {
  const r = Router();

  const load = (token: string) => findOpenInvitation(ctx.prisma, token, ctx.clock.now());
  type Loaded = NonNullable<Awaited<ReturnType<typeof load>>>;

  const gone = () => new WebError(404, 'This invitation has expired, was already used, or was revoked. Ask for a new one.');

  const newUserForm = (res: Response, req: Request, inv: Loaded, values: Record<string, string>, errors: FormErrors, status = 200) =>
    sendPage(
      res,
      <NewUserPage
        page={pageContext(res, ctx.assets)}
        title={`Join ${inv.account.name}`}
        intro={`You are invited as ${ROLE_LABELS[inv.role]}. Choose your name and a password.`}
        action={req.originalUrl}
        values={values}
        errors={errors}
        email={inv.email}
        button="Join"
      />,
      status,
    );

  /** Marks the invitation used and adds the membership, once. */
  const accept = async (inv: Loaded, userId: string, req: Request): Promise<void> => {
    const client = ctx.clientIp(req.socket.remoteAddress, req.headers['x-forwarded-for']);
    const ok = await acceptInvitation(ctx.prisma, inv, { userId, client }, ctx.clock.now());
    if (!ok) throw gone();
  };

  r.get('/invitations/:token', async (req, res) => {
    const inv = await load(req.params.token);
    if (!inv) throw gone();
    const viewer = viewerOf(res);
    const page = pageContext(res, ctx.assets);
    if (viewer && viewer.email !== inv.email) {
      sendPage(
        res,
        <MessagePage page={page} title={`Join ${inv.account.name}`}>
          <p>
            This invitation is for <strong>{inv.email}</strong>, but you are signed in as <strong>{viewer.email}</strong>. Sign out, then open the link again.
          </p>
        </MessagePage>,
      );
      return;
    }
    if (viewer) {
      sendPage(
        res,
        <ConfirmLinkPage page={page} title={`Join ${inv.account.name}`} action={req.originalUrl} button={<>Join {inv.account.name}</>}>
          <p>You are invited as {ROLE_LABELS[inv.role]}.</p>
        </ConfirmLinkPage>,
      );
      return;
    }
    if (await findUserByEmail(ctx.prisma, inv.email)) {
      res.redirect(303, `/sign-in?next=${encodeURIComponent(req.originalUrl)}`);
      return;
    }
    newUserForm(res, req, inv, {}, {});
  });

  r.post('/invitations/:token', async (req, res) => {
    const inv = await load(req.params.token);
    if (!inv) throw gone();
    const viewer = viewerOf(res);
    if (viewer) {
      if (viewer.email !== inv.email) throw new WebError(403, `This invitation is for ${inv.email}.`);
      await accept(inv, viewer.userId, req);
      res.redirect(303, await landingPageOf(ctx.prisma, viewer.userId, inv.accountId));
      return;
    }
    if (await findUserByEmail(ctx.prisma, inv.email)) {
      res.redirect(303, `/sign-in?next=${encodeURIComponent(req.originalUrl)}`);
      return;
    }
    const { user, errors, values } = readNewUser(asForm(req.body), inv.email);
    if (Object.keys(errors).length > 0) {
      newUserForm(res, req, inv, values, errors, 422);
      return;
    }
    const created = await createUser(ctx.prisma, { email: inv.email, name: user.name, passwordHash: await hashPassword(user.password) });
    await accept(inv, created.id, req);
    await startSession(ctx, res, created.id, null);
    res.redirect(303, await landingPageOf(ctx.prisma, created.id, inv.accountId));
  });

  return r;
}
