import { ScimError } from './scim-error.js';
import type { ScimPatchOp } from './scim-patch-ops.js';

export interface ScimGroupState {
  displayName: string;
  externalId: string | null;
  /** SCIM user ids. */
  memberIds: string[];
}

const MAX_MEMBERS = 10_000;

function memberIds(v: unknown, field: string): string[] {
  if (v === undefined || v === null) return [];
  const list = Array.isArray(v) ? v : [v];
  if (list.length > MAX_MEMBERS) throw new ScimError(400, `${field} lists more than ${MAX_MEMBERS} members`, 'tooMany');
  return list.map((m, i) => {
    const value = (m as { value?: unknown } | null)?.value;
    if (typeof value !== 'string' || value.length > 64) throw new ScimError(400, `${field}[${i}].value must be a User id`, 'invalidValue');
    return value;
  });
}

/** A Group resource from a POST or PUT body. */
export function parseScimGroup(body: unknown): ScimGroupState {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ScimError(400, 'the body must be a SCIM Group object', 'invalidSyntax');
  const o = body as Record<string, unknown>;
  if (typeof o.displayName !== 'string' || o.displayName.length === 0 || o.displayName.length > 200)
    throw new ScimError(400, 'displayName is required (at most 200 characters)', 'invalidValue');
  if (o.externalId !== undefined && o.externalId !== null && (typeof o.externalId !== 'string' || o.externalId.length > 255))
    throw new ScimError(400, 'externalId must be a string of at most 255 characters', 'invalidValue');
  return { displayName: o.displayName, externalId: (o.externalId as string | undefined) ?? null, memberIds: [...new Set(memberIds(o.members, 'members'))] };
}

const MEMBER_FILTER = /^members\[\s*value\s+eq\s+"([^"]{1,64})"\s*\]$/i;

/**
 * A Group's state after a PatchOp: members added, removed (by value list, as Entra ID sends, or by
 * a `members[value eq "…"]` path, as Okta does) or replaced; displayName and externalId replaced.
 */
export function applyGroupPatch(current: ScimGroupState, ops: ScimPatchOp[]): ScimGroupState {
  const s = { ...current, memberIds: [...current.memberIds] };
  for (const op of ops) {
    const path = op.path?.toLowerCase() ?? null;
    const filtered = op.path ? MEMBER_FILTER.exec(op.path) : null;
    if (filtered && op.op === 'remove') s.memberIds = s.memberIds.filter((m) => m !== filtered[1]);
    else if (path === 'members') {
      const ids = memberIds(op.value, 'value');
      if (op.op === 'add') s.memberIds = [...new Set([...s.memberIds, ...ids])];
      else if (op.op === 'replace') s.memberIds = [...new Set(ids)];
      else s.memberIds = op.value === undefined ? [] : s.memberIds.filter((m) => !ids.includes(m));
    } else if (path === 'displayname' || path === 'externalid' || path === null) {
      const values: Record<string, unknown> = path === null ? ((op.value ?? {}) as Record<string, unknown>) : { [path]: op.value };
      for (const [k, v] of Object.entries(values)) {
        const key = k.toLowerCase();
        if (key === 'displayname') {
          if (typeof v !== 'string' || v.length === 0 || v.length > 200) throw new ScimError(400, 'displayName must be 1 to 200 characters', 'invalidValue');
          s.displayName = v;
        } else if (key === 'externalid') s.externalId = typeof v === 'string' ? v.slice(0, 255) : null;
        else if (key === 'members')
          s.memberIds = op.op === 'add' ? [...new Set([...s.memberIds, ...memberIds(v, 'members')])] : [...new Set(memberIds(v, 'members'))];
      }
    } else throw new ScimError(400, `unsupported path ${op.path!.slice(0, 100)} for a Group`, 'invalidPath');
  }
  return s;
}
