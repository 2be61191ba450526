import {
  addSecurityKey,
  confirmTotpSetup,
  pendingTotpSecret,
  removeSecurityKey,
  removeTwoFactor,
  replaceRecoveryCodes,
  securityKeysOf,
  startTotpSetup,
  unusedRecoveryCodes,
  verifySecondFactor,
} from '@upmon/user-store';
import { verifyPassword } from '@upmon/crypto';
import { findUser, totpEnabled } from '@upmon/domain';
import { Router, type Request, type Response } from 'express';
import { asForm, field } from '../forms/form-values.js';
import { pageContext, sendPage } from '../http/render.js';
import { isRecentlyAuthenticated, markAuthenticated, RECENT_AUTHENTICATION_MS, requireRecentAuthentication } from '../http/recent-authentication.js';
import { requireViewer } from '../http/require-viewer.js';
import { registrationOptions, verifyRegistration } from '../http/security-keys.js';
import { recordPersonEvent } from '../http/sign-in-audit.js';
import { checkPasswordThrottled } from '../http/throttle.js';
import { viewerOf, type Viewer } from '../http/viewer.js';
import type { FormErrors } from '../views/form-fields.js';
import { TwoFactorPage, type TwoFactorPageProps } from '../views/people/two-factor-page.js';
import type { WebContext } from '../web-context.js';

const WRONG_CODE = 'is not right (or was already used)';
const KEY_NAME_MAX = 60;

/**
 * /me/two-factor: the signed-in person sets up TOTP, registers and removes security keys, renews
 * recovery codes, turns it off. Every change needs a recent proof of who they are (their sign-in,
 * or "confirm it's you" with their password or a second factor): the session alone is not enough.
 */
export function twoFactorRouter(ctx: WebContext): Router {
  const r = Router();
  r.use('/me', requireViewer);
  const recent = requireRecentAuthentication(ctx);

  const show = async (res: Response, extra: Partial<TwoFactorPageProps> = {}, status = 200) => {
    const viewer = viewerOf(res) as Viewer;
    const user = { id: viewer.userId, email: viewer.email };
    const enabled = await totpEnabled(ctx.prisma, viewer.userId);
    const recoveryCodesLeft = await unusedRecoveryCodes(ctx.prisma, viewer.userId);
    const confirmIdentity = isRecentlyAuthenticated(viewer, ctx.clock.now())
      ? null
      : { password: (await findUser(ctx.prisma, viewer.userId)).passwordHash !== null, code: enabled || recoveryCodesLeft > 0 };
    sendPage(
      res,
      <TwoFactorPage
        page={pageContext(res, ctx.assets)}
        enabled={enabled}
        securityKeys={await securityKeysOf(ctx.prisma, viewer.userId)}
        keyOptions={JSON.stringify(await registrationOptions(ctx, viewer))}
        recoveryCodesLeft={recoveryCodesLeft}
        pending={enabled ? null : await pendingTotpSecret(ctx.prisma, ctx.cipher, user)}
        required={viewer.twoFactorRequired}
        errors={{}}
        confirmIdentity={confirmIdentity}
        confirmMinutes={RECENT_AUTHENTICATION_MS / 60_000}
        {...extra}
      />,
      status,
    );
  };

  /** A TOTP or recovery code (used up), under the same failure budgets as passwords. */
  const codeIsRight = (req: Request, viewer: Viewer, code: string) =>
    checkPasswordThrottled(
      ctx,
      req,
      viewer.email,
      async () => (await verifySecondFactor(ctx.prisma, ctx.cipher, viewer.userId, code, ctx.clock.now())) !== null,
    );

  r.get('/me/two-factor', async (req, res) => {
    const notices: Record<string, string> = {
      off: 'Two-factor authentication is off.',
      'key-removed': 'Security key removed.',
      confirmed: `Confirmed: you can change your second factors for the next ${RECENT_AUTHENTICATION_MS / 60_000} minutes.`,
      'confirm-first': 'Nothing was changed: confirm it’s you first.',
    };
    await show(res, { notice: typeof req.query.done === 'string' ? notices[req.query.done] : undefined });
  });

  const confirmed = async (res: Response, viewer: Viewer) => {
    await markAuthenticated(ctx, viewer);
    res.redirect(303, '/me/two-factor?done=confirmed');
  };

  /** "Confirm it's you": the password, or a TOTP or recovery code, makes this session's proof recent. */
  r.post('/me/two-factor/confirm-identity', async (req, res) => {
    const viewer = viewerOf(res) as Viewer;
    const form = asForm(req.body);
    const password = field(form, 'password');
    const code = field(form, 'code');
    const { passwordHash } = await findUser(ctx.prisma, viewer.userId);
    let errors: FormErrors;
    if (password && passwordHash) {
      if (await checkPasswordThrottled(ctx, req, viewer.email, () => verifyPassword(password, passwordHash))) return confirmed(res, viewer);
      errors = { password: ['is not your password'] };
    } else if (code) {
      if (await codeIsRight(req, viewer, code)) return confirmed(res, viewer);
      errors = { code: [WRONG_CODE] };
    } else {
      errors = { [passwordHash ? 'password' : 'code']: ['is needed to confirm it’s you'] };
    }
    await show(res, { errors }, 422);
  });

  r.post('/me/two-factor/setup', recent, async (_req, res) => {
    const viewer = viewerOf(res) as Viewer;
    await startTotpSetup(ctx.prisma, ctx.cipher, { id: viewer.userId, email: viewer.email });
    res.redirect(303, '/me/two-factor');
  });

  r.post('/me/two-factor/confirm', recent, async (req, res) => {
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

  r.post('/me/two-factor/security-keys', recent, async (req, res) => {
    const viewer = viewerOf(res) as Viewer;
    const form = asForm(req.body);
    const name = field(form, 'key_name').trim();
    if (name.length === 0 || name.length > KEY_NAME_MAX) {
      await show(res, { errors: { key_name: [`must be 1 to ${KEY_NAME_MAX} characters`] } }, 422);
      return;
    }
    const credential = await verifyRegistration(ctx, viewer.sessionId, field(form, 'credential'));
    if (!credential) {
      await show(res, { errors: { key_name: ['was not registered: the security key did not answer (or answered too late); try again'] } }, 422);
      return;
    }
    const codes = await addSecurityKey(ctx.prisma, viewer.userId, { name, ...credential });
    await recordPersonEvent(ctx, req, { id: viewer.userId, email: viewer.email }, 'two_factor.security_key_add', name);
    await show(res, { recoveryCodes: codes ?? undefined, notice: `Security key “${name}” added.` }, 201);
  });

  r.post('/me/two-factor/security-keys/:id/remove', recent, async (req, res) => {
    const viewer = viewerOf(res) as Viewer;
    const id = String(req.params.id);
    const name = /^[0-9a-f-]{36}$/.test(id) ? await removeSecurityKey(ctx.prisma, viewer.userId, id) : null;
    if (name === null) {
      await show(res, { notice: 'That security key is already gone.' }, 404);
      return;
    }
    await recordPersonEvent(ctx, req, { id: viewer.userId, email: viewer.email }, 'two_factor.security_key_remove', name);
    res.redirect(303, '/me/two-factor?done=key-removed');
  });

  r.post('/me/two-factor/recovery-codes', recent, async (req, res) => {
    const viewer = viewerOf(res) as Viewer;
    const codes = await replaceRecoveryCodes(ctx.prisma, viewer.userId);
    await recordPersonEvent(ctx, req, { id: viewer.userId, email: viewer.email }, 'two_factor.recovery_codes');
    await show(res, { recoveryCodes: codes, notice: 'New recovery codes: the old ones no longer work.' }, 201);
  });

  r.post('/me/two-factor/disable', recent, async (req, res) => {
    const viewer = viewerOf(res) as Viewer;
    await removeTwoFactor(ctx.prisma, viewer.userId);
    await recordPersonEvent(ctx, req, { id: viewer.userId, email: viewer.email }, 'two_factor.disable');
    res.redirect(303, '/me/two-factor?done=off');
  });

  return r;
}
