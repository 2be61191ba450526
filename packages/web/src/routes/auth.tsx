import { hashPassword, passwordProblem, verifyPassword } from '@upmon/crypto';
import { findUserByEmail, landingPageOf, resetPassword } from '@upmon/domain';
import {
  consumeToken,
  findUsableToken,
  isPlausibleEmail,
  issueUserToken,
  normalizeEmail,
  SECOND_STEP_ATTEMPTS_PER_TOKEN,
  TOKEN_TTL_MS,
  userTokenPath,
  verifySecondFactor,
} from '@upmon/user-store';
import { Router, type Request, type Response } from 'express';
import { requireMail, sendAccountMail } from '../http/account-mail.js';
import { pageContext, safeNext, sendPage } from '../http/render.js';
import { clearCookie, readCookie } from '../http/cookies.js';
import { afterFirstFactor, completeSignIn, secondStepCookie } from '../http/second-factor.js';
import { signInOptions, verifySignIn } from '../http/security-keys.js';
import { endSession } from '../http/sessions.js';
import { recordSecondStepFailure } from '../http/second-step-failure.js';
import { recordSignIn } from '../http/sign-in-audit.js';
import { checkPasswordThrottled, checkSecondStepThrottled, forgetSecondStepFailures, throttle } from '../http/throttle.js';
import { viewerOf } from '../http/viewer.js';
import { asForm, field } from '../forms/form-values.js';
import { EmailFormPage } from '../views/auth/email-form-page.js';
import { SecondFactorPage } from '../views/auth/second-factor-page.js';
import { SetPasswordPage } from '../views/auth/set-password-page.js';
import { SignInPage } from '../views/auth/sign-in-page.js';
import { ConfirmLinkPage } from '../views/confirm-link-page.js';
import type { FormErrors } from '../views/form-fields.js';
import { MessagePage } from '../views/message-page.js';
import type { WebContext } from '../web-context.js';

/** Verifying against this when the address is unknown keeps the answer's timing the same. */
const DUMMY_HASH = hashPassword('not a real password, only for timing');

const TOO_MANY_SECOND_STEPS = `${SECOND_STEP_ATTEMPTS_PER_TOKEN} wrong codes or security keys for this sign-in: start again with your password.`;

const CHECK_MAIL = 'If an account exists for that address, an e-mail with a link is on its way. The link works once.';

/** Sign-in (password or e-mailed link), one-time links, password reset, sign-out. */
export function authRouter(ctx: WebContext): Router {
  const r = Router();
  const signInPage = (req: Request, res: Response, extra: { email?: string; error?: string } = {}, status = 200) =>
    sendPage(
      res,
      <SignInPage
        page={pageContext(res, ctx.assets)}
        next={safeNext(req.query.next ?? (req.body as Record<string, unknown> | undefined)?.next)}
        mailConfigured={ctx.mailer.configured}
        registrationOpen={ctx.config.registrationOpen && ctx.mailer.configured}
        {...extra}
      />,
      status,
    );

  r.get('/sign-in', (req, res) => {
    const viewer = viewerOf(res);
    if (viewer) {
      res.redirect(303, safeNext(req.query.next) ?? '/projects');
      return;
    }
    signInPage(req, res);
  });

  r.post('/sign-in', async (req, res) => {
    const body = asForm(req.body);
    const email = normalizeEmail(field(body, 'email')).slice(0, 254);
    const password = field(body, 'password');
    const user = isPlausibleEmail(email) ? await findUserByEmail(ctx.prisma, email) : null;
    const ok = await checkPasswordThrottled(ctx, req, email, async () =>
      user?.passwordHash ? verifyPassword(password, user.passwordHash) : (await verifyPassword(password, await DUMMY_HASH), false),
    );
    if (!user || !ok) {
      if (user) await recordSignIn(ctx, req, user, 'sign_in.failed');
      signInPage(req, res, { email, error: 'Wrong e-mail or password.' }, 401);
      return;
    }
    await afterFirstFactor(ctx, req, res, user, safeNext(field(body, 'next')) ?? '/projects');
  });

  /** The person named by the second step's cookie (their password or link was right), or null. */
  const secondStepOf = async (req: Request) => {
    const token = readCookie(req, secondStepCookie(ctx));
    return token ? findUsableToken(ctx.prisma, token, 'two_factor', ctx.clock.now()) : null;
  };
  const secondStepPage = async (req: Request, res: Response, pending: { id: string; userId: string }, error?: string, status = 200) => {
    const keyOptions = await signInOptions(ctx, pending);
    sendPage(
      res,
      <SecondFactorPage
        page={pageContext(res, ctx.assets)}
        next={safeNext(req.query.next ?? (req.body as Record<string, unknown> | undefined)?.next)}
        error={error}
        keyOptions={keyOptions ? JSON.stringify(keyOptions) : null}
      />,
      status,
    );
  };

  r.get('/sign-in/two-factor', async (req, res) => {
    const row = await secondStepOf(req);
    if (!row) {
      res.redirect(303, '/sign-in');
      return;
    }
    await secondStepPage(req, res, row);
  });

  /**
   * One attempt at the second step (`verify`: a code or a security key's assertion), under the
   * bounds of `checkSecondStepThrottled`. A failure is logged and mailed to the person (their
   * password is known); the pending sign-in's last failure sends them back to the password.
   */
  const secondStepAttempt =
    (verify: (req: Request, pending: { id: string; userId: string }) => Promise<boolean>, wrong: string) => async (req: Request, res: Response) => {
      const row = await secondStepOf(req);
      if (!row) {
        res.redirect(303, '/sign-in');
        return;
      }
      const outcome = await checkSecondStepThrottled(ctx, req, row, () => verify(req, row));
      if (outcome !== 'right' && outcome !== 'used-up') await recordSecondStepFailure(ctx, req, row.user);
      if (outcome === 'last-wrong' || outcome === 'used-up') {
        clearCookie(res, secondStepCookie(ctx), { secure: ctx.secureCookies });
        signInPage(req, res, { email: row.user.email, error: TOO_MANY_SECOND_STEPS }, 401);
        return;
      }
      if (outcome === 'wrong') {
        await secondStepPage(req, res, row, wrong, 401);
        return;
      }
      if (!(await consumeToken(ctx.prisma, row.id, ctx.clock.now()))) {
        res.redirect(303, '/sign-in');
        return;
      }
      await completeSignIn(ctx, req, res, row.user, safeNext(field(asForm(req.body), 'next')) ?? '/projects');
    };

  r.post(
    '/sign-in/two-factor/security-key',
    secondStepAttempt(
      (req, row) => verifySignIn(ctx, row, field(asForm(req.body), 'credential')),
      'The security key was not accepted. Try again, or use a code.',
    ),
  );

  r.post(
    '/sign-in/two-factor',
    secondStepAttempt(
      async (req, row) => (await verifySecondFactor(ctx.prisma, ctx.cipher, row.userId, field(asForm(req.body), 'code'), ctx.clock.now())) !== null,
      'That code is not right (or was already used). Try the current one.',
    ),
  );

  /**
   * "E-mail me a link" and "reset my password": the same answer whether the address has an
   * account or not; a known address gets a one-time link.
   */
  const mailLink =
    (purpose: 'sign_in' | 'set_password', ttlMs: number, subject: string, what: string, ignore: string) => async (req: Request, res: Response) => {
      requireMail(ctx);
      const email = normalizeEmail(field(asForm(req.body), 'email')).slice(0, 254);
      await throttle(ctx, req, 'mail', email);
      const user = isPlausibleEmail(email) ? await findUserByEmail(ctx.prisma, email) : null;
      if (user) {
        const token = await issueUserToken(ctx.prisma, { userId: user.id, purpose, ttlMs, now: ctx.clock.now() });
        await sendAccountMail(ctx, user.email, subject, [
          `Hello ${user.name},`,
          '',
          `Open this link to ${what}:`,
          `${ctx.config.appBaseUrl}${userTokenPath(purpose, token)}`,
          '',
          ignore,
        ]);
      }
      sendPage(
        res,
        <MessagePage page={pageContext(res, ctx.assets)} title="Check your e-mail">
          <p>{CHECK_MAIL}</p>
        </MessagePage>,
      );
    };

  r.post(
    '/sign-in/link',
    mailLink(
      'sign_in',
      TOKEN_TTL_MS.signIn,
      'Your upmon sign-in link',
      'sign in to upmon (it works once, within 15 minutes)',
      'If you did not ask for it, ignore this e-mail.',
    ),
  );

  // The link's GET only shows a button: mail scanners that open links must not use the token up.
  r.get('/auth/link/:token', async (req, res) => {
    const row = await findUsableToken(ctx.prisma, req.params.token, 'sign_in', ctx.clock.now());
    if (!row) {
      expiredLink(res);
      return;
    }
    sendPage(
      res,
      <ConfirmLinkPage page={pageContext(res, ctx.assets)} title="Sign in" action={req.originalUrl} button="Sign in">
        <p>
          Sign in as <strong>{row.user.email}</strong>?
        </p>
      </ConfirmLinkPage>,
    );
  });

  r.post('/auth/link/:token', async (req, res) => {
    const now = ctx.clock.now();
    const row = await findUsableToken(ctx.prisma, req.params.token, 'sign_in', now);
    if (!row || !(await consumeToken(ctx.prisma, row.id, now))) {
      expiredLink(res);
      return;
    }
    await afterFirstFactor(ctx, req, res, row.user, '/projects');
  });

  const setPasswordPage = (res: Response, action: string, email: string, errors: FormErrors = {}, status = 200) =>
    sendPage(res, <SetPasswordPage page={pageContext(res, ctx.assets)} action={action} email={email} errors={errors} />, status);

  r.get('/auth/password/:token', async (req, res) => {
    const row = await findUsableToken(ctx.prisma, req.params.token, 'set_password', ctx.clock.now());
    if (!row) expiredLink(res);
    else setPasswordPage(res, req.originalUrl, row.user.email);
  });

  r.post('/auth/password/:token', async (req, res) => {
    const now = ctx.clock.now();
    const row = await findUsableToken(ctx.prisma, req.params.token, 'set_password', now);
    if (!row) {
      expiredLink(res);
      return;
    }
    const body = asForm(req.body);
    const password = field(body, 'password');
    const problem = passwordProblem(password);
    const errors: FormErrors = {};
    if (problem) errors.password = [problem];
    else if (field(body, 'confirm') !== password) errors.confirm = ['does not match the password'];
    if (Object.keys(errors).length > 0) {
      setPasswordPage(res, req.originalUrl, row.user.email, errors, 422);
      return;
    }
    const passwordHash = await hashPassword(password);
    // A new password signs out every other browser (a reset after a leak must lock the thief out).
    const used = await resetPassword(ctx.prisma, { tokenId: row.id, userId: row.userId }, passwordHash, now);
    if (!used) {
      expiredLink(res);
      return;
    }
    await forgetSecondStepFailures(ctx, row.userId);
    // A new user's first sign-in: straight to their project's dashboard (its empty state teaches).
    await afterFirstFactor(ctx, req, res, row.user, await landingPageOf(ctx.prisma, row.userId));
  });

  r.get('/reset-password', (_req, res) => {
    sendPage(
      res,
      <EmailFormPage
        page={pageContext(res, ctx.assets)}
        title="Reset your password"
        intro={
          ctx.mailer.configured
            ? 'We will e-mail you a link to set a new password.'
            : 'E-mail is not configured on this server (no SMTP), so password reset is not available. Ask your operator for a link (admin CLI: user create).'
        }
        action="/reset-password"
        button="E-mail me a link"
      />,
    );
  });

  r.post(
    '/reset-password',
    mailLink(
      'set_password',
      TOKEN_TTL_MS.reset,
      'Reset your upmon password',
      'set a new password (it works once, within an hour)',
      'If you did not ask for it, ignore this e-mail: your password stays as it is.',
    ),
  );

  r.post('/sign-out', async (_req, res) => {
    await endSession(ctx, res, viewerOf(res));
    res.redirect(303, '/sign-in');
  });

  const expiredLink = (res: Response) =>
    sendPage(
      res,
      <MessagePage page={pageContext(res, ctx.assets)} title="This link does not work">
        <p>It has expired or has already been used. Links work once.</p>
        <p>
          <a href="/sign-in">Sign in</a> or ask for a new link.
        </p>
      </MessagePage>,
      410,
    );

  return r;
}
