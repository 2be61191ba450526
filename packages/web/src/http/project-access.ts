import { ROLE_LABELS, roleAllows, type Action, type PlanName, type Role } from '@upmon/core';
import type { Actor, ProjectScope } from '@upmon/domain';
import type { WebContext } from '../web-context.js';
import type { Viewer } from './viewer.js';
import { notFound, WebError } from './web-error.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ProjectAccess {
  project: { id: string; name: string; pingKey: string };
  account: { id: string; name: string; plan: PlanName };
  role: Role;
  /** What the domain services act in. */
  scope: ProjectScope;
}

/** A UUID path parameter, or the same 404 as an unknown one. */
export function uuidParam(value: unknown): string {
  if (typeof value !== 'string' || !UUID.test(value)) throw notFound();
  return value.toLowerCase();
}

/** The signed-in person as the audit log records them. */
export function viewerActor(viewer: Viewer): Actor {
  return { kind: 'user', userId: viewer.userId, email: viewer.email, client: viewer.client };
}

/** The project and the viewer's role in its account; 404 (never 403) when they are not a member. */
export async function projectAccess(ctx: WebContext, viewer: Viewer, projectId: string): Promise<ProjectAccess> {
  const { rows } = await ctx.pool.query<{ id: string; name: string; pingKey: string; accountId: string }>({
    name: 'web-project',
    text: 'SELECT id, name, ping_key AS "pingKey", account_id AS "accountId" FROM projects WHERE id = $1',
    values: [uuidParam(projectId)],
  });
  const p = rows[0];
  const m = p ? viewer.memberships.find((x) => x.accountId === p.accountId) : undefined;
  if (!p || !m) throw notFound();
  return {
    project: { id: p.id, name: p.name, pingKey: p.pingKey },
    account: { id: m.accountId, name: m.accountName, plan: m.plan },
    role: m.role,
    scope: { projectId: p.id, accountId: m.accountId, plan: m.plan, actor: viewerActor(viewer) },
  };
}

/** The project of a check, with access; 404 for a check the viewer cannot see. */
export async function checkAccess(ctx: WebContext, viewer: Viewer, checkId: string): Promise<ProjectAccess> {
  const { rows } = await ctx.pool.query<{ projectId: string }>({
    name: 'web-check-project',
    text: 'SELECT project_id AS "projectId" FROM checks WHERE id = $1',
    values: [uuidParam(checkId)],
  });
  if (!rows[0]) throw notFound();
  return projectAccess(ctx, viewer, rows[0].projectId);
}

const ACTION_WORDS: Record<Action, string> = {
  'checks.write': 'change checks',
  'integrations.write': 'change integrations',
  'keys.manage': 'manage API keys',
  'projects.create': 'create projects',
  'members.manage': 'manage members',
  'status_page.manage': 'change the status page',
  'incidents.write': 'open or update incidents',
  'audit_log.read': 'read the audit log',
};

/** Enforced on the server for every action, whatever the page showed. */
export function requireRole(role: Role, action: Action): void {
  if (!roleAllows(role, action)) throw new WebError(403, `Your role in this account (${ROLE_LABELS[role]}) cannot ${ACTION_WORDS[action]}.`);
}
