import express, { Router, type Express, type NextFunction, type Request, type Response } from 'express';
import {
  applyGroupPatch,
  applyUserPatch,
  authenticateScimToken,
  createScimGroup,
  createScimUser,
  deleteScimGroup,
  deleteScimUser,
  getScimGroup,
  getScimUser,
  listScimGroups,
  listScimUsers,
  parsePatchOps,
  parseScimFilter,
  parseScimGroup,
  parseScimUser,
  presentScimError,
  presentScimGroup,
  presentScimUser,
  recordSsoEvent,
  SCIM_GROUP_FILTERS,
  SCIM_USER_FILTERS,
  ScimError,
  scimList,
  scimPage,
  ssoUrls,
  updateScimGroup,
  updateScimUser,
  type Actor,
  type ScimCaller,
} from '@upmon/domain';
import { createClientAddressResolver } from '@upmon/service-kit';
import type { AppDeps } from '../app-deps.js';
import { scimDiscoveryRouter } from './scim-discovery.js';

const SCIM_JSON = 'application/scim+json';

type Handler = (req: Request, res: Response, caller: ScimCaller, actor: Actor) => Promise<void>;

/**
 * SCIM 2.0 (RFC 7644) at /scim/v2 for identity providers (docs/sso.md, "SCIM"): a bearer token per
 * account (revocable, only its SHA-256 stored); Users and Groups with equality filters, PATCH and
 * startIndex/count pages. Every answer is application/scim+json; errors are SCIM Error messages,
 * and a call refused for a reason the token's account should know of (a resource of another
 * account, the last owner, an address outside its verified domains) is in its audit log.
 */
export function mountScim(app: Express, deps: AppDeps): void {
  const r = Router();
  const clientOf = createClientAddressResolver(deps.config.trustedProxies);
  const base = ssoUrls(deps.config.appBaseUrl, '-').scimBaseUrl;
  r.use(express.json({ limit: '1mb', type: ['application/scim+json', 'application/json'] }));

  const send = (res: Response, status: number, body: unknown) => {
    res.status(status).type(SCIM_JSON).send(JSON.stringify(body));
  };

  const route =
    (handler: Handler) =>
    async (req: Request, res: Response): Promise<void> => {
      let caller: ScimCaller | null = null;
      const client = clientOf(req.socket.remoteAddress, req.headers['x-forwarded-for']);
      try {
        caller = await authenticateScimToken(deps.prisma, req.headers.authorization, deps.clock.now());
        await handler(req, res, caller, { kind: 'scim', tokenId: caller.tokenId, label: caller.label, client });
      } catch (err) {
        if (!(err instanceof ScimError)) {
          deps.logger.error({ err }, 'SCIM request failed');
          send(res, 500, presentScimError(new ScimError(500, 'internal error')));
          return;
        }
        if (caller && err.status !== 401) {
          const what = `${req.method} ${req.path.slice(0, 80)}: ${err.status} ${err.message}`;
          await recordSsoEvent(deps.prisma, caller.accountId, { kind: 'scim', tokenId: caller.tokenId, label: caller.label, client }, 'scim.refused', what);
        }
        if (err.status === 401) res.setHeader('WWW-Authenticate', 'Bearer realm="upmon SCIM"');
        send(res, err.status, presentScimError(err));
      }
    };

  const now = () => deps.clock.now();
  const query = (req: Request, name: string) => (typeof req.query[name] === 'string' ? (req.query[name] as string) : undefined);

  r.get(
    '/Users',
    route(async (req, res, c) => {
      const filters = parseScimFilter(query(req, 'filter'), SCIM_USER_FILTERS);
      const page = scimPage(req.query);
      const { total, rows } = await listScimUsers(deps.prisma, c.accountId, filters, page);
      send(
        res,
        200,
        scimList(
          rows.map((u) => presentScimUser(base, u)),
          total,
          page.startIndex,
        ),
      );
    }),
  );
  r.post(
    '/Users',
    route(async (req, res, c, actor) => {
      const row = await createScimUser(deps.prisma, c.accountId, actor, parseScimUser(req.body), now());
      res.setHeader('Location', `${base}/Users/${row.id}`);
      send(res, 201, presentScimUser(base, row));
    }),
  );
  r.get(
    '/Users/:id',
    route(async (req, res, c) => send(res, 200, presentScimUser(base, await getScimUser(deps.prisma, c.accountId, req.params.id as string)))),
  );
  r.put(
    '/Users/:id',
    route(async (req, res, c, actor) => {
      const next = parseScimUser(req.body);
      send(res, 200, presentScimUser(base, await updateScimUser(deps.prisma, c.accountId, actor, req.params.id as string, () => next, now())));
    }),
  );
  r.patch(
    '/Users/:id',
    route(async (req, res, c, actor) => {
      const ops = parsePatchOps(req.body);
      const row = await updateScimUser(deps.prisma, c.accountId, actor, req.params.id as string, (current) => applyUserPatch(current, ops), now());
      send(res, 200, presentScimUser(base, row));
    }),
  );
  r.delete(
    '/Users/:id',
    route(async (req, res, c, actor) => {
      await deleteScimUser(deps.prisma, c.accountId, actor, req.params.id as string, now());
      res.status(204).end();
    }),
  );

  r.get(
    '/Groups',
    route(async (req, res, c) => {
      const filters = parseScimFilter(query(req, 'filter'), SCIM_GROUP_FILTERS);
      const page = scimPage(req.query);
      const withMembers = !/(^|,)\s*members\s*(,|$)/i.test(query(req, 'excludedAttributes') ?? '');
      const { total, rows } = await listScimGroups(deps.prisma, c.accountId, filters, page);
      send(
        res,
        200,
        scimList(
          rows.map((g) => presentScimGroup(base, g, withMembers)),
          total,
          page.startIndex,
        ),
      );
    }),
  );
  r.post(
    '/Groups',
    route(async (req, res, c, actor) => {
      const row = await createScimGroup(deps.prisma, c.accountId, actor, parseScimGroup(req.body), now());
      res.setHeader('Location', `${base}/Groups/${row.id}`);
      send(res, 201, presentScimGroup(base, row));
    }),
  );
  r.get(
    '/Groups/:id',
    route(async (req, res, c) => send(res, 200, presentScimGroup(base, await getScimGroup(deps.prisma, c.accountId, req.params.id as string)))),
  );
  r.put(
    '/Groups/:id',
    route(async (req, res, c, actor) => {
      const next = parseScimGroup(req.body);
      send(res, 200, presentScimGroup(base, await updateScimGroup(deps.prisma, c.accountId, actor, req.params.id as string, () => next, now())));
    }),
  );
  r.patch(
    '/Groups/:id',
    route(async (req, res, c, actor) => {
      const ops = parsePatchOps(req.body);
      const row = await updateScimGroup(deps.prisma, c.accountId, actor, req.params.id as string, (current) => applyGroupPatch(current, ops), now());
      send(res, 200, presentScimGroup(base, row));
    }),
  );
  r.delete(
    '/Groups/:id',
    route(async (req, res, c, actor) => {
      await deleteScimGroup(deps.prisma, c.accountId, actor, req.params.id as string, now());
      res.status(204).end();
    }),
  );
  r.use(scimDiscoveryRouter(base, (handler) => route(async (req, res) => handler(req, res))));
  r.use((_req, res) => send(res, 404, presentScimError(new ScimError(404, 'no such SCIM endpoint'))));
  // A body that is not JSON (or too large): a SCIM error, not the API's.
  r.use((err: { status?: number; type?: string }, _req: Request, res: Response, _next: NextFunction) => {
    const status = err.status === 413 ? 413 : 400;
    send(res, status, presentScimError(new ScimError(status, status === 413 ? 'the body is larger than 1 MB' : 'the body is not valid JSON', 'invalidSyntax')));
  });
  app.use('/scim/v2', r);
}
