import {
  confirmTotpSetup,
  pendingTotpSecret,
  removeTwoFactor,
  replaceRecoveryCodes,
  startTotpSetup,
  unusedRecoveryCodes,
  verifySecondFactor,
} from '@upmon/user-store';
import { Router, type Request, type Response } from 'express';
import { asForm, field } from '../forms/form-values.js';
import { pageContext, sendPage } from '../http/render.js';
import { requireViewer } from '../http/require-viewer.js';
import { recordPersonEvent } from '../http/sign-in-audit.js';
import { checkPasswordThrottled } from '../http/throttle.js';
import { viewerOf, type Viewer } from '../http/viewer.js';
import type { FormErrors } from '../views/form-fields.js';
import { TwoFactorPage, type TwoFactorPageProps } from '../views/people/two-factor-page.js';
import type { WebContext } from '../web-context.js';

const WRONG_CODE = 'is not right (or was already used)';

/** /me/two-factor: the signed-in person sets up TOTP, renews recovery codes, turns it off. */
export function twoFactorRouter(ctx: WebContext): Router {
  const r = Router();
  r.use('/me', requireViewer);

  const show = async (res: Response, extra: Partial<TwoFactorPageProps> = {}, status = 200) => {
    const viewer = viewerOf(res) as Viewer;
    const user = { id: viewer.userId, email: viewer.email };
    const row = await ctx.prisma.user.findUniqueOrThrow({ where: { id: viewer.userId }, select: { totpSecret: true } });
    sendPage(
      res,
      <TwoFactorPage
        page={pageContext(res, ctx.assets)}
        enabled={row.totpSecret !== null}
        recoveryCodesLeft={await unusedRecoveryCodes(ctx.prisma, viewer.userId)}
        pending={row.totpSecret ? null : await pendingTotpSecret(ctx.prisma, ctx.cipher, user)}
        required={viewer.twoFactorRequired}
        errors={{}}
        {...extra}
      />,
      status,
    );
  };

  /** A code (TOTP, or a recovery code when `recovery`), under the same failure budgets as passwords. */
  const codeIsRight = (req: Request, viewer: Viewer, code: string, recovery: boolean) =>
    checkPasswordThrottled(ctx, req, viewer.email, async () => {
      const used = await verifySecondFactor(ctx.prisma, ctx.cipher, viewer.userId, code, ctx.clock.now());
      return used === 'totp' || (recovery && used === 'recovery_code');
    });

  r.get('/me/two-factor', async (req, res) => {
    await show(res, { notice: req.query.done === 'off' ? 'Two-factor authentication is off.' : undefined });
  });

  r.post('/me/two-factor/setup', async (_req, res) => {
    const viewer = viewerOf(res) as Viewer;
    await startTotpSetup(ctx.prisma, ctx.cipher, { id: viewer.userId, email: viewer.email });
    res.redirect(303, '/me/two-factor');
  });

  r.post('/me/two-factor/confirm', async (req, res) => {
    const viewer = viewerOf(res) as Viewer;
    const codes = await confirmTotpSetup(ctx.prisma, ctx.cipher, viewer.userId, field(asForm(req.body), 'code'), ctx.clock.now());
    if (!codes) {
      await show(res, { errors: { code: [WRONG_CODE] } }, 422);
      return;
    }
    await recordPersonEvent(ctx, req, { id: viewer.userId, email: viewer.email }, 'two_factor.enable');
    // Shown in this response only (no redirect, like a new API key).
    await show(res, { recoveryCodes: codes, notice: 'Two-factor authentication is on.' }, 201);
  });

  r.post('/me/two-factor/recovery-codes', async (req, res) => {
    const viewer = viewerOf(res) as Viewer;
    if (!(await codeIsRight(req, viewer, field(asForm(req.body), 'code'), false))) {
      const errors: FormErrors = { code: [WRONG_CODE] };
      await show(res, { errors }, 422);
      return;
    }
    const codes = await replaceRecoveryCodes(ctx.prisma, viewer.userId);
    await recordPersonEvent(ctx, req, { id: viewer.userId, email: viewer.email }, 'two_factor.recovery_codes');
    await show(res, { recoveryCodes: codes, notice: 'New recovery codes: the old ones no longer work.' }, 201);
  });

  r.post('/me/two-factor/disable', async (req, res) => {
    const viewer = viewerOf(res) as Viewer;
    if (!(await codeIsRight(req, viewer, field(asForm(req.body), 'disable_code'), true))) {
      await show(res, { errors: { disable_code: [WRONG_CODE] } }, 422);
      return;
    }
    await removeTwoFactor(ctx.prisma, viewer.userId);
    await recordPersonEvent(ctx, req, { id: viewer.userId, email: viewer.email }, 'two_factor.disable');
    res.redirect(303, '/me/two-factor?done=off');
  });

  return r;
}
