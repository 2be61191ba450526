import { hashPassword } from '@upmon/crypto';
import { createAccount, findUserByEmail } from '@upmon/domain';
import { Router, type Response } from 'express';
import { readNewUser } from '../forms/new-user-form.js';
import { asForm } from '../forms/form-values.js';
import { sendAccountMail } from '../http/account-mail.js';
import { peekPendingSignUp, savePendingSignUp, takePendingSignUp, type PendingSignUp } from '../http/pending-sign-ups.js';
import { pageContext, sendPage } from '../http/render.js';
import { startSession } from '../http/sessions.js';
import { throttle } from '../http/throttle.js';
import { viewerOf } from '../http/viewer.js';
import { notFound } from '../http/web-error.js';
import { ConfirmLinkPage } from '../views/confirm-link-page.js';
import type { FormErrors } from '../views/form-fields.js';
import { MessagePage } from '../views/message-page.js';
import { NewUserPage } from '../views/people/sign-up-page.js';
import type { WebContext } from '../web-context.js';

/** The one answer to a sign-up, whether the address was new or taken (docs/web.md, "Sign-up"). */
const SENT = 'We sent an e-mail to that address. Open the link in it to finish creating your account (it works once, within 24 hours).';

/**
 * Sign-up (REGISTRATION_OPEN, and e-mail configured): the form mails a confirmation link; only
 * opening it creates the account on the free plan, its owner and a first project, and signs them
 * in. An address that already has an account gets the same answer, and its owner a mail saying
 * someone tried. Closed registration answers 404.
 */
export function signUpRouter(ctx: WebContext): Router {
  const r = Router();
  r.use('/sign-up', (_req, _res, next) => next(ctx.config.registrationOpen && ctx.mailer.configured ? undefined : notFound()));

  const form = (res: Response, values: Record<string, string>, errors: FormErrors, status = 200) =>
    sendPage(
      res,
      <NewUserPage
        page={pageContext(res, ctx.assets)}
        title="Create your upmon account"
        intro="Free plan: 20 checks, every integration. You can invite your team afterwards."
        action="/sign-up"
        values={values}
        errors={errors}
        withAccount
        button="Create account"
      />,
      status,
    );

  const message = (res: Response, title: string, text: string, status = 200) =>
    sendPage(
      res,
      <MessagePage page={pageContext(res, ctx.assets)} title={title}>
        <p>{text}</p>
      </MessagePage>,
      status,
    );

  const expiredLink = (res: Response) =>
    message(res, 'This link does not work', 'It has expired or has already been used. Sign up again to get a new one.', 410);

  r.get('/sign-up', (_req, res) => form(res, {}, {}));

  r.post('/sign-up', async (req, res) => {
    const { user, errors, values } = readNewUser(asForm(req.body));
    await throttle(ctx, req, 'sign-up', user.email);
    if (Object.keys(errors).length > 0) {
      form(res, values, errors, 422);
      return;
    }
    await throttle(ctx, req, 'mail', user.email);
    // Both branches hash the password and send one mail, so they take about as long.
    const passwordHash = await hashPassword(user.password);
    const existing = await findUserByEmail(ctx.prisma, user.email);
    if (existing) {
      await sendAccountMail(ctx, existing.email, 'Someone tried to sign up with your address on upmon', [
        `Hello ${existing.name},`,
        '',
        'Someone (perhaps you) tried to create an upmon account with this address, which already has one.',
        'Nothing was changed. Sign in, or reset your password if you have forgotten it:',
        `${ctx.config.appBaseUrl}/sign-in`,
        `${ctx.config.appBaseUrl}/reset-password`,
        '',
        'If it was not you, ignore this e-mail.',
      ]);
    } else {
      const token = await savePendingSignUp(ctx, { email: user.email, name: user.name, account: user.account, passwordHash });
      await sendAccountMail(ctx, user.email, 'Confirm your upmon account', [
        `Hello ${user.name},`,
        '',
        'Open this link to confirm your address and create your upmon account (it works once, within 24 hours):',
        `${ctx.config.appBaseUrl}/sign-up/confirm/${token}`,
        '',
        'If you did not sign up, ignore this e-mail: nothing is created without the link.',
      ]);
    }
    message(res, 'Check your e-mail', SENT);
  });

  // The link's GET only shows a button: mail scanners that open links must not use it up.
  r.get('/sign-up/confirm/:token', async (req, res) => {
    const pending = await peekPendingSignUp(ctx, req.params.token);
    if (!pending) {
      expiredLink(res);
      return;
    }
    sendPage(
      res,
      <ConfirmLinkPage page={pageContext(res, ctx.assets)} title="Create your account" action={req.originalUrl} button="Create account">
        <p>
          Create the upmon account of <strong>{pending.email}</strong>?
        </p>
      </ConfirmLinkPage>,
    );
  });

  r.post('/sign-up/confirm/:token', async (req, res) => {
    const pending = await takePendingSignUp(ctx, req.params.token);
    if (!pending) {
      expiredLink(res);
      return;
    }
    const created = await createAccount(ctx.prisma, pending);
    if (!created) {
      message(res, 'This address already has an account', 'Sign in, or reset your password if you have forgotten it.', 409);
      return;
    }
    await startSession(ctx, res, created.userId, viewerOf(res));
    res.redirect(303, `/projects/${created.projectId}`);
  });

  return r;
}
