import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from '@upmon/core';
import { Router, type Response } from 'express';
import { asForm, field } from '../forms/form-values.js';
import { createApiKey, findProjectApiKey, listApiKeys, revokeApiKey, rotateApiKey, type ApiKeyChanger } from '@upmon/domain';
import { projectAccess, requireRole, uuidParam, type ProjectAccess } from '../http/project-access.js';
import { pageContext, sendPage } from '../http/render.js';
import { requireViewer } from '../http/require-viewer.js';
import { viewerOf, type Viewer } from '../http/viewer.js';
import { notFound } from '../http/web-error.js';
import type { FormErrors } from '../views/form-fields.js';
import { KeysPage, type KeysPageProps } from '../views/keys/keys-page.js';
import { rotationGraceSec } from '../views/key-rotation.js';
import { utcText } from '../views/time.js';
import type { WebContext } from '../web-context.js';

/**
 * API keys of a project: create (shown once), revoke, rotate. Rotation makes a new key of the
 * same kind and name and schedules the old one's revocation (revoked_at in the future: the API
 * keeps accepting it until then).
 */
export function keysRouter(ctx: WebContext): Router {
  const r = Router();
  r.use('/projects', requireViewer);

  const show = async (res: Response, access: ProjectAccess, extra: Partial<KeysPageProps> = {}, status = 200) => {
    const keys = await listApiKeys(ctx.prisma, access.project.id);
    sendPage(res, <KeysPage page={pageContext(res, ctx.assets)} access={access} keys={keys} now={ctx.clock.now()} {...extra} />, status);
  };

  const manage = async (res: Response, projectId: string) => {
    const access = await projectAccess(ctx, viewerOf(res) as Viewer, projectId);
    requireRole(access.role, 'keys.manage');
    return access;
  };

  const ownKey = async (access: ProjectAccess, keyId: unknown) => {
    const key = await findProjectApiKey(ctx.prisma, access.project.id, uuidParam(keyId));
    if (!key) throw notFound();
    return key;
  };

  const changer = (access: ProjectAccess): ApiKeyChanger => ({
    accountId: access.scope.accountId,
    actor: access.scope.actor,
    projectId: access.project.id,
    projectName: access.project.name,
  });

  r.get('/projects/:id/keys', async (req, res) => {
    await show(res, await projectAccess(ctx, viewerOf(res) as Viewer, req.params.id));
  });

  r.post('/projects/:id/keys', async (req, res) => {
    const access = await manage(res, req.params.id);
    const body = asForm(req.body);
    const kind = field(body, 'kind');
    const name = field(body, 'name').trim();
    const errors: FormErrors = {};
    if (kind !== 'rw' && kind !== 'ro') errors.kind = ['must be read-write or read-only'];
    if (name.length > 255) errors.name = ['must be at most 255 characters'];
    else if (hasControlCharacters(name)) errors.name = [CONTROL_CHARACTERS_MESSAGE];
    if (Object.keys(errors).length > 0) {
      await show(res, access, { errors }, 422);
      return;
    }
    const { key } = await createApiKey(ctx.prisma, changer(access), { kind: kind as 'rw' | 'ro', name: name || null });
    // Shown in this response only; a reload shows the list without it.
    await show(res, access, { created: { key, name: name || null, kind } }, 201);
  });

  r.post('/projects/:id/keys/:keyId/revoke', async (req, res) => {
    const access = await manage(res, req.params.id);
    const key = await ownKey(access, req.params.keyId);
    await revokeApiKey(ctx.prisma, changer(access), key, ctx.clock.now());
    res.redirect(303, `/projects/${access.project.id}/keys`);
  });

  r.post('/projects/:id/keys/:keyId/rotate', async (req, res) => {
    const access = await manage(res, req.params.id);
    const old = await ownKey(access, req.params.keyId);
    const now = ctx.clock.now();
    if (old.revokedAt && old.revokedAt <= now) throw notFound();
    const graceSec = rotationGraceSec(field(asForm(req.body), 'grace_sec'));
    const { key, revokeAt } = await rotateApiKey(ctx.prisma, changer(access), old, graceSec, now);
    const rotatedFrom = graceSec === 0 ? `The old key ${old.prefix}… was revoked.` : `The old key ${old.prefix}… keeps working until ${utcText(revokeAt)}.`;
    await show(res, access, { created: { key, name: old.name, kind: old.kind, rotatedFrom } }, 201);
  });

  return r;
}
