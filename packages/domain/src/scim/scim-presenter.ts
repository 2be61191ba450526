import { isoTimestamp } from '../timestamps.js';

export const SCIM_USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const SCIM_GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const SCIM_LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const SCIM_PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

interface UserRow {
  id: string;
  userName: string;
  externalId: string | null;
  givenName: string | null;
  familyName: string | null;
  displayName: string | null;
  active: boolean;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  user: { email: string };
  groups: { group: { id: string; displayName: string } }[];
}

interface GroupRow {
  id: string;
  displayName: string;
  externalId: string | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  members: { user: { id: string; userName: string } }[];
}

const meta = (resourceType: 'User' | 'Group', location: string, row: { createdAt: Date; updatedAt: Date; version: number }) => ({
  resourceType,
  created: isoTimestamp(row.createdAt),
  lastModified: isoTimestamp(row.updatedAt),
  location,
  version: `W/"${row.version}"`,
});

/** A User resource (RFC 7643 §4.1). */
export function presentScimUser(baseUrl: string, u: UserRow) {
  const formatted = [u.givenName, u.familyName].filter(Boolean).join(' ');
  return {
    schemas: [SCIM_USER_SCHEMA],
    id: u.id,
    ...(u.externalId ? { externalId: u.externalId } : {}),
    userName: u.userName,
    name: { ...(formatted ? { formatted } : {}), ...(u.givenName ? { givenName: u.givenName } : {}), ...(u.familyName ? { familyName: u.familyName } : {}) },
    ...(u.displayName ? { displayName: u.displayName } : {}),
    emails: [{ value: u.user.email, type: 'work', primary: true }],
    active: u.active,
    groups: u.groups.map((g) => ({ value: g.group.id, display: g.group.displayName, $ref: `${baseUrl}/Groups/${g.group.id}` })),
    meta: meta('User', `${baseUrl}/Users/${u.id}`, u),
  };
}

/** A Group resource (RFC 7643 §4.2). */
export function presentScimGroup(baseUrl: string, g: GroupRow, withMembers = true) {
  return {
    schemas: [SCIM_GROUP_SCHEMA],
    id: g.id,
    ...(g.externalId ? { externalId: g.externalId } : {}),
    displayName: g.displayName,
    ...(withMembers ? { members: g.members.map((m) => ({ value: m.user.id, display: m.user.userName, $ref: `${baseUrl}/Users/${m.user.id}` })) } : {}),
    meta: meta('Group', `${baseUrl}/Groups/${g.id}`, g),
  };
}

/** A ListResponse (RFC 7644 §3.4.2). */
export function scimList<T>(resources: T[], totalResults: number, startIndex: number) {
  return { schemas: [SCIM_LIST_SCHEMA], totalResults, startIndex, itemsPerPage: resources.length, Resources: resources };
}
