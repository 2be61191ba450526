import {
  ApiError,
  createPrivateLocation,
  findPrivateLocation,
  listPrivateLocations,
  locationIdParam,
  revokePrivateLocation,
  rotatePrivateLocationKey,
  validatePrivateLocationInput,
  type IssuedLocationKey,
} from '@upmon/domain';
import { Router, type Response } from 'express';
import { asForm, field } from '../forms/form-values.js';
import { projectAccess, requireRole, type ProjectAccess } from '../http/project-access.js';
import { pageContext, sendPage } from '../http/render.js';
import { requireViewer } from '../http/require-viewer.js';
import { viewerOf, type Viewer } from '../http/viewer.js';
import { notFound } from '../http/web-error.js';
import { LocationsPage, type LocationsPageProps } from '../views/locations/locations-page.js';
import { rotationGraceSec } from '../views/key-rotation.js';
import { utcText } from '../views/time.js';
import type { WebContext } from '../web-context.js';

/**
 * The account's private locations, from any of its projects (docs/locations.md): create (the key
 * shown once, with the `docker run` line), rotate the key (with a grace), revoke. Owners and
 * admins manage them (the same right as API keys); the services are the REST API's.
 */
export function locationsRouter(ctx: WebContext): Router {
  const r = Router();
  r.use('/projects', requireViewer);

  const show = async (res: Response, access: ProjectAccess, extra: Partial<LocationsPageProps> = {}, status = 200) => {
    const locations = await listPrivateLocations(ctx.prisma, access.account.id);
    sendPage(
      res,
      <LocationsPage
        page={pageContext(res, ctx.assets)}
        access={access}
        locations={locations}
        now={ctx.clock.now()}
        apiUrl={ctx.config.appBaseUrl}
        {...extra}
      />,
      status,
    );
  };

  const manage = async (res: Response, projectId: string) => {
    const access = await projectAccess(ctx, viewerOf(res) as Viewer, projectId);
    requireRole(access.role, 'keys.manage');
    return access;
  };

  const ownLocation = async (access: ProjectAccess, id: unknown) => {
    try {
      return await findPrivateLocation(ctx.prisma, access.account.id, locationIdParam(id));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'not_found') throw notFound();
      throw err;
    }
  };

  const created = (issued: IssuedLocationKey, rotatedFrom?: string) => ({
    name: issued.location.name,
    code: issued.location.code,
    key: issued.key,
    ...(rotatedFrom ? { rotatedFrom } : {}),
  });

  r.get('/projects/:id/locations', async (req, res) => {
    await show(res, await projectAccess(ctx, viewerOf(res) as Viewer, req.params.id));
  });

  r.post('/projects/:id/locations', async (req, res) => {
    const access = await manage(res, req.params.id);
    try {
      const { name } = validatePrivateLocationInput({ name: field(asForm(req.body), 'name') });
      const issued = await createPrivateLocation(ctx.prisma, access.scope, name);
      // Shown in this response only; a reload shows the list without it.
      await show(res, access, { created: created(issued) }, 201);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.code === 'validation_failed') await show(res, access, { errors: err.options.errors ?? {} }, 422);
      else await show(res, access, { notice: err.message }, err.status);
    }
  });

  r.post('/projects/:id/locations/:locationId/rotate', async (req, res) => {
    const access = await manage(res, req.params.id);
    const location = await ownLocation(access, req.params.locationId);
    if (location.revokedAt) throw notFound();
    const graceSec = rotationGraceSec(field(asForm(req.body), 'grace_sec'));
    const now = ctx.clock.now();
    const issued = await rotatePrivateLocationKey(ctx.prisma, access.scope, location.id, graceSec, now);
    const rotatedFrom =
      graceSec === 0
        ? `The old key ${location.keyPrefix}… is refused from now on: its prober stops within a minute.`
        : `The old key ${location.keyPrefix}… keeps working until ${utcText(new Date(now.getTime() + graceSec * 1000))}.`;
    await show(res, access, { created: created(issued, rotatedFrom) }, 201);
  });

  r.post('/projects/:id/locations/:locationId/revoke', async (req, res) => {
    const access = await manage(res, req.params.id);
    const location = await ownLocation(access, req.params.locationId);
    await revokePrivateLocation(ctx.prisma, access.scope, location.id, ctx.clock.now());
    res.redirect(303, `/projects/${access.project.id}/locations`);
  });

  return r;
}
