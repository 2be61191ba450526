import { normalizeEmail } from '@upmon/user-store';
import { ScimError } from './scim-error.js';
import type { ScimPatchOp } from './scim-patch-ops.js';
import { checkEmail, scimBoolean, type ScimUserState } from './scim-user-input.js';

const text = (v: unknown, max: number, field: string): string | null => {
  if (v === null || v === undefined) return null;
  if (typeof v !== 'string' || v.length > max) throw new ScimError(400, `${field} must be a string of at most ${max} characters`, 'invalidValue');
  return v;
};

/** Sets one attribute (path in lower case) of the state; attributes upmon does not keep are ignored. */
function set(s: ScimUserState, path: string, value: unknown, remove: boolean): void {
  const v = remove ? null : value;
  switch (path) {
    case 'active':
      if (remove) throw new ScimError(400, 'active cannot be removed', 'mutability');
      s.active = scimBoolean(v, 'active');
      return;
    case 'username':
      if (remove) throw new ScimError(400, 'userName cannot be removed', 'mutability');
      s.userName = normalizeEmail(text(v, 254, 'userName') ?? '');
      return;
    case 'externalid':
      s.externalId = text(v, 255, 'externalId');
      return;
    case 'displayname':
      s.displayName = text(v, 200, 'displayName');
      return;
    case 'name.givenname':
      s.givenName = text(v, 100, 'name.givenName');
      return;
    case 'name.familyname':
      s.familyName = text(v, 100, 'name.familyName');
      return;
    case 'name':
      if (typeof v === 'object' && v !== null) for (const [k, x] of Object.entries(v)) set(s, `name.${k.toLowerCase()}`, x, false);
      return;
    case 'emails':
    case 'emails[type eq "work"].value':
    case 'emails[primary eq true].value': {
      if (remove) return;
      const value = Array.isArray(v) ? ((v.find((e) => (e as { primary?: unknown }).primary) ?? v[0]) as { value?: unknown } | undefined)?.value : v;
      const email = text(value, 254, 'emails.value');
      if (email) s.email = normalizeEmail(email);
      return;
    }
    default:
      // Entra ID and Okta send attributes upmon does not keep (title, locale, the enterprise
      // extension…): accepted and ignored, as RFC 7644 lets a provider do for attributes it lacks.
      return;
  }
}

/** The state after a PatchOp (Okta: a value object without path; Entra ID: one op per path, booleans as strings). */
export function applyUserPatch(current: ScimUserState, ops: ScimPatchOp[]): ScimUserState {
  const s = { ...current };
  for (const op of ops) {
    if (op.path) set(s, op.path.toLowerCase().replace(/^urn:ietf:params:scim:schemas:core:2\.0:user:/, ''), op.value, op.op === 'remove');
    else if (typeof op.value === 'object' && op.value !== null && op.op !== 'remove')
      for (const [k, v] of Object.entries(op.value)) set(s, k.toLowerCase().replace(/^urn:ietf:params:scim:schemas:core:2\.0:user:/, ''), v, false);
    else throw new ScimError(400, 'an operation without a path needs an object value', 'noTarget');
  }
  checkEmail(s);
  return s;
}
