/**
 * What each role of an account may do: the one place that decides it. The web app enforces it
 * on the server for every action and hides what a role cannot do.
 */
export const ROLES = ['owner', 'admin', 'member', 'read_only'] as const;
export type Role = (typeof ROLES)[number];

export type Action =
  /** Create, edit, pause, resume and delete checks. */
  | 'checks.write'
  /** Create, edit, delete and test integrations. */
  | 'integrations.write'
  /** Create, rotate and revoke API keys (credentials: not for members). */
  | 'keys.manage'
  | 'projects.create'
  /** Publish, change and take down the project's public status page (what the world sees). */
  | 'status_page.manage'
  /** Open, update and resolve incidents on the status page (telling customers what is going on). */
  | 'incidents.write'
  /** Invite people, change roles, remove members. */
  | 'members.manage'
  /** Read the account's audit log (who signed in, changed keys, members, checks…). */
  | 'audit_log.read';

const ALLOWED: Record<Role, ReadonlySet<Action>> = {
  owner: new Set<Action>([
    'checks.write',
    'integrations.write',
    'keys.manage',
    'projects.create',
    'members.manage',
    'status_page.manage',
    'incidents.write',
    'audit_log.read',
  ]),
  admin: new Set<Action>([
    'checks.write',
    'integrations.write',
    'keys.manage',
    'projects.create',
    'members.manage',
    'status_page.manage',
    'incidents.write',
    'audit_log.read',
  ]),
  member: new Set<Action>(['checks.write', 'integrations.write', 'incidents.write']),
  // Sees everything, changes nothing.
  read_only: new Set<Action>(),
};

export function roleAllows(role: Role, action: Action): boolean {
  return ALLOWED[role].has(action);
}

/**
 * Whether `actor` may give `target` (a member's current role, or null for a new invitation)
 * the role `to`: only owners make or unmake owners, so an admin cannot take an account over.
 */
export function mayAssignRole(actor: Role, target: Role | null, to: Role): boolean {
  if (!roleAllows(actor, 'members.manage')) return false;
  if (actor === 'owner') return true;
  return target !== 'owner' && to !== 'owner';
}

export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', admin: 'Admin', member: 'Member', read_only: 'Read-only' };

export function isRole(v: unknown): v is Role {
  return typeof v === 'string' && (ROLES as readonly string[]).includes(v);
}
