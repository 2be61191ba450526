import { hashPassword, randomToken } from '@upmon/crypto';
import { Prisma } from '@upmon/db';
import { Router, type Response } from 'express';
import { readNewUser } from '../forms/new-user-form.js';
import { asForm } from '../forms/form-values.js';
import { pageContext, sendPage } from '../http/render.js';
import { startSession } from '../http/sessions.js';
import { throttle } from '../http/throttle.js';
import { viewerOf } from '../http/viewer.js';
import { notFound } from '../http/web-error.js';
import type { FormErrors } from '../views/form-fields.js';
import { NewUserPage } from '../views/people/sign-up-page.js';
import type { WebContext } from '../web-context.js';

/**
 * Sign-up (REGISTRATION_OPEN): a new account on the free plan, its owner and a first project,
 * then signed in on that project's dashboard. Closed registration answers 404.
 */
export function signUpRouter(ctx: WebContext): Router {
  const r = Router();
  r.use('/sign-up', (_req, _res, next) => next(ctx.config.registrationOpen ? undefined : notFound()));

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

  r.get('/sign-up', (_req, res) => form(res, {}, {}));

  r.post('/sign-up', async (req, res) => {
    const { user, errors, values } = readNewUser(asForm(req.body));
    await throttle(ctx, req, 'sign-up', user.email);
    if (Object.keys(errors).length === 0 && (await ctx.prisma.user.findUnique({ where: { email: user.email } }))) {
      errors.email = ['is already registered: sign in instead (or reset your password)'];
    }
    if (Object.keys(errors).length > 0) {
      form(res, values, errors, 422);
      return;
    }
    const passwordHash = await hashPassword(user.password);
    let created;
    try {
      created = await ctx.prisma.$transaction(async (tx) => {
        const u = await tx.user.create({ data: { email: user.email, name: user.name, passwordHash } });
        const account = await tx.account.create({ data: { name: user.account || `${user.name}'s account`, plan: 'free' } });
        await tx.membership.create({ data: { accountId: account.id, userId: u.id, role: 'owner' } });
        const project = await tx.project.create({ data: { accountId: account.id, name: 'My first project', pingKey: randomToken(16) } });
        return { userId: u.id, projectId: project.id };
      });
    } catch (err) {
      // Two sign-ups of one address at once: the unique index decides.
      if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') {
        form(res, values, { email: ['is already registered: sign in instead (or reset your password)'] }, 422);
        return;
      }
      throw err;
    }
    await startSession(ctx, res, created.userId, viewerOf(res));
    res.redirect(303, `/projects/${created.projectId}`);
  });

  return r;
}
