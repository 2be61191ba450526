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
  type ScimEquality,
  type ScimPatchOp,
} from '@upmon/domain';
import { createClientAddressResolver } from '@upmon/service-kit';
import type { AppDeps } from '../app-deps.js';
import { scimDiscoveryRouter } from './scim-discovery.js';

const SCIM_JSON = 'application/scim+json';

type Handler = (req: Request, res: Response, caller: ScimCaller, actor: Actor) => Promise<void>;

/** What a SCIM resource type is made of: the domain's reads and verbs, its parsers and presenter. */
interface ScimResourceOps<State, Row> {
  filters: readonly string[];
  list(accountId: string, filters: ScimEquality[], page: { startIndex: number; count: number }): Promise<{ total: number; rows: Row[] }>;
  get(accountId: string, id: string): Promise<Row>;
  parse(body: unknown): State;
  patch(current: State, ops: ScimPatchOp[]): State;
  create(accountId: string, actor: Actor, state: State): Promise<Row>;
  update(accountId: string, actor: Actor, id: string, next: (current: State) => State): Promise<Row>;
  remove(accountId: string, actor: Actor, id: string): Promise<void>;
  present(row: Row, req: Request): unknown;
}

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

  /** The six routes of a SCIM resource type (RFC 7644 §3): list with filters and pages, create, get, replace, patch, delete. */
  const resource = <State, Row extends { id: string }>(path: '/Users' | '/Groups', ops: ScimResourceOps<State, Row>) => {
    const id = (req: Request) => req.params.id as string;
    r.get(
      path,
      route(async (req, res, c) => {
        const page = scimPage(req.query);
        const { total, rows } = await ops.list(c.accountId, parseScimFilter(query(req, 'filter'), ops.filters), page);
        const present = (row: Row) => ops.present(row, req);
        send(res, 200, scimList(rows.map(present), total, page.startIndex));
      }),
    );
    r.post(
      path,
      route(async (req, res, c, actor) => {
        const row = await ops.create(c.accountId, actor, ops.parse(req.body));
        res.setHeader('Location', `${base}${path}/${row.id}`);
        send(res, 201, ops.present(row, req));
      }),
    );
    r.get(
      `${path}/:id`,
      route(async (req, res, c) => send(res, 200, ops.present(await ops.get(c.accountId, id(req)), req))),
    );
    r.put(
      `${path}/:id`,
      route(async (req, res, c, actor) => {
        const next = ops.parse(req.body);
        send(res, 200, ops.present(await ops.update(c.accountId, actor, id(req), () => next), req));
      }),
    );
    r.patch(
      `${path}/:id`,
      route(async (req, res, c, actor) => {
        const patch = parsePatchOps(req.body);
        send(res, 200, ops.present(await ops.update(c.accountId, actor, id(req), (current) => ops.patch(current, patch)), req));
      }),
    );
    r.delete(
      `${path}/:id`,
      route(async (req, res, c, actor) => {
        await ops.remove(c.accountId, actor, id(req));
        res.status(204).end();
      }),
    );
  };

  resource('/Users', {
    filters: SCIM_USER_FILTERS,
    list: (accountId, filters, page) => listScimUsers(deps.prisma, accountId, filters, page),
    get: (accountId, userId) => getScimUser(deps.prisma, accountId, userId),
    parse: parseScimUser,
    patch: applyUserPatch,
    create: (accountId, actor, state) => createScimUser(deps.prisma, accountId, actor, state, now()),
    update: (accountId, actor, userId, next) => updateScimUser(deps.prisma, accountId, actor, userId, next, now()),
    remove: (accountId, actor, userId) => deleteScimUser(deps.prisma, accountId, actor, userId, now()),
    present: (row) => presentScimUser(base, row),
  });
  resource('/Groups', {
    filters: SCIM_GROUP_FILTERS,
    list: (accountId, filters, page) => listScimGroups(deps.prisma, accountId, filters, page),
    get: (accountId, groupId) => getScimGroup(deps.prisma, accountId, groupId),
    parse: parseScimGroup,
    patch: applyGroupPatch,
    create: (accountId, actor, state) => createScimGroup(deps.prisma, accountId, actor, state, now()),
    update: (accountId, actor, groupId, next) => updateScimGroup(deps.prisma, accountId, actor, groupId, next, now()),
    remove: (accountId, actor, groupId) => deleteScimGroup(deps.prisma, accountId, actor, groupId, now()),
    // `excludedAttributes=members` (Entra ID asks for groups without their members).
    present: (row, req) => presentScimGroup(base, row, !/(^|,)\s*members\s*(,|$)/i.test(query(req, 'excludedAttributes') ?? '')),
  });
  r.use(scimDiscoveryRouter(base, (handler) => route(async (req, res) => handler(req, res))));
  r.use((_req, res) => send(res, 404, presentScimError(new ScimError(404, 'no such SCIM endpoint'))));
  // A body that is not JSON (or too large): a SCIM error, not the API's.
  r.use((err: { status?: number; type?: string }, _req: Request, res: Response, _next: NextFunction) => {
    const status = err.status === 413 ? 413 : 400;
    send(res, status, presentScimError(new ScimError(status, status === 413 ? 'the body is larger than 1 MB' : 'the body is not valid JSON', 'invalidSyntax')));
  });
  app.use('/scim/v2', r);
}
