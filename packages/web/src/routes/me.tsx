import { hashPassword, passwordProblem, PASSWORD_MAX_LENGTH, verifyPassword } from '@upmon/crypto';
import { changePassword, countActiveSessions, findUser } from '@upmon/domain';
import { Router, type Response } from 'express';
import { asForm, field } from '../forms/form-values.js';
import { pageContext, sendPage } from '../http/render.js';
import { requireViewer } from '../http/require-viewer.js';
import { endAllSessions, startSession } from '../http/sessions.js';
import { checkPasswordThrottled, forgetSecondStepFailures } from '../http/throttle.js';
import { viewerOf, type Viewer } from '../http/viewer.js';
import { CsrfField } from '../views/csrf-field.js';
import { TextField, type FormErrors } from '../views/form-fields.js';
import { Layout } from '../views/layout.js';
import type { WebContext } from '../web-context.js';

/** The signed-in person's own page: password change and "sign out everywhere". */
export function meRouter(ctx: WebContext): Router {
  const r = Router();
  r.use('/me', requireViewer);

  const show = async (res: Response, errors: FormErrors = {}, notice?: string, status = 200) => {
    const viewer = viewerOf(res) as Viewer;
    const page = pageContext(res, ctx.assets);
    const sessions = await countActiveSessions(ctx.prisma, viewer.userId, ctx.clock.now());
    sendPage(
      res,
      <Layout page={page} title="Your profile">
        <section class="narrow">
          <h1>{viewer.name}</h1>
          <p class="muted">{viewer.email}</p>
          {notice ? (
            <p class="notice" role="status">
              {notice}
            </p>
          ) : null}
          <h2>Change password</h2>
          <form method="post" action="/me/password" class="stack">
            <CsrfField token={page.csrf} />
            <input type="text" name="username" value={viewer.email} autoComplete="username" hidden />
            <TextField
              name="current"
              label="Current password"
              type="password"
              autocomplete="current-password"
              errors={errors}
              maxLength={PASSWORD_MAX_LENGTH}
            />
            <TextField name="password" label="New password" type="password" autocomplete="new-password" errors={errors} maxLength={PASSWORD_MAX_LENGTH} />
            <button type="submit">Change password</button>
          </form>
          <h2>Two-factor authentication</h2>
          <p>
            <a href="/me/two-factor">Two-factor authentication</a> <span class="muted">({viewer.hasTwoFactor ? 'on' : 'off'})</span>
          </p>
          <h2>Sessions</h2>
          <p>
            You are signed in on {sessions} browser{sessions === 1 ? '' : 's'}.
          </p>
          <form method="post" action="/me/sign-out-everywhere">
            <CsrfField token={page.csrf} />
            <button type="submit" class="danger">
              Sign out everywhere
            </button>
          </form>
        </section>
      </Layout>,
      status,
    );
  };

  r.get('/me', async (req, res) => show(res, {}, req.query.done === 'password' ? 'Password changed; other browsers were signed out.' : undefined));

  r.post('/me/password', async (req, res) => {
    const viewer = viewerOf(res) as Viewer;
    const body = asForm(req.body);
    const user = await findUser(ctx.prisma, viewer.userId);
    const errors: FormErrors = {};
    const { passwordHash } = user;
    if (passwordHash && !(await checkPasswordThrottled(ctx, req, user.email, () => verifyPassword(field(body, 'current'), passwordHash)))) {
      errors.current = ['is not your current password'];
    }
    const problem = passwordProblem(field(body, 'password'));
    if (problem) errors.password = [problem];
    if (Object.keys(errors).length > 0) {
      await show(res, errors, undefined, 422);
      return;
    }
    await changePassword(ctx.prisma, user.id, await hashPassword(field(body, 'password')));
    await forgetSecondStepFailures(ctx, user.id);
    // Other browsers are signed out; this one gets a fresh session.
    await endAllSessions(ctx, res, user.id);
    await startSession(ctx, res, user.id, null);
    res.redirect(303, '/me?done=password');
  });

  r.post('/me/sign-out-everywhere', async (_req, res) => {
    await endAllSessions(ctx, res, (viewerOf(res) as Viewer).userId);
    res.redirect(303, '/sign-in');
  });

  return r;
}
