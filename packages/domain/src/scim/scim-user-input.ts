import { isPlausibleEmail, normalizeEmail } from '@upmon/user-store';
import { ScimError } from './scim-error.js';

/** A SCIM User as upmon keeps it (RFC 7643 §4.1, the attributes upmon uses). */
export interface ScimUserState {
  userName: string;
  externalId: string | null;
  givenName: string | null;
  familyName: string | null;
  displayName: string | null;
  /** The work (or primary) address: the upmon user's. */
  email: string;
  active: boolean;
}

const str = (v: unknown, max: number, field: string): string | null => {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') throw new ScimError(400, `${field} must be a string`, 'invalidValue');
  if (v.length > max) throw new ScimError(400, `${field} is longer than ${max} characters`, 'invalidValue');
  return v;
};

/** `true`, `false`, and Entra ID's "True" / "False". */
export function scimBoolean(v: unknown, field: string): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string' && /^(true|false)$/i.test(v)) return v.toLowerCase() === 'true';
  throw new ScimError(400, `${field} must be true or false`, 'invalidValue');
}

/** The address of `emails` (primary first, else work, else the first), or userName when it is one. */
function emailOf(emails: unknown, userName: string): string {
  if (emails !== undefined && emails !== null) {
    if (!Array.isArray(emails) || emails.length > 10) throw new ScimError(400, 'emails must be a list of at most 10 addresses', 'invalidValue');
    const list = emails.map((e, i) => {
      if (typeof e !== 'object' || e === null) throw new ScimError(400, `emails[${i}] must be an object`, 'invalidValue');
      const o = e as Record<string, unknown>;
      return { value: str(o.value, 254, `emails[${i}].value`), primary: o.primary === true || o.primary === 'True' || o.primary === 'true', type: o.type };
    });
    const pick = list.find((e) => e.primary) ?? list.find((e) => e.type === 'work') ?? list[0];
    if (pick?.value) return normalizeEmail(pick.value);
  }
  return userName;
}

/** A User resource from a POST or PUT body (bounded before anything else reads it). */
export function parseScimUser(body: unknown): ScimUserState {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new ScimError(400, 'the body must be a SCIM User object', 'invalidSyntax');
  const o = body as Record<string, unknown>;
  const userName = str(o.userName, 254, 'userName');
  if (!userName) throw new ScimError(400, 'userName is required', 'invalidValue');
  const name = (typeof o.name === 'object' && o.name !== null ? o.name : {}) as Record<string, unknown>;
  const state: ScimUserState = {
    userName: normalizeEmail(userName),
    externalId: str(o.externalId, 255, 'externalId'),
    givenName: str(name.givenName, 100, 'name.givenName'),
    familyName: str(name.familyName, 100, 'name.familyName'),
    displayName: str(o.displayName, 200, 'displayName'),
    email: '',
    active: o.active === undefined ? true : scimBoolean(o.active, 'active'),
  };
  state.email = emailOf(o.emails, state.userName);
  checkEmail(state);
  return state;
}

export function checkEmail(state: ScimUserState): void {
  if (!isPlausibleEmail(state.email))
    throw new ScimError(400, `${state.email.slice(0, 100)} is not an e-mail address (userName or emails[].value must be one)`, 'invalidValue');
}

/** The upmon user's display name from a SCIM User. */
export function personName(s: ScimUserState): string {
  const full = [s.givenName, s.familyName].filter(Boolean).join(' ');
  return (s.displayName || full || s.email.split('@')[0] || s.email).slice(0, 100);
}

/** The columns of `scim_users` a User's state sets. */
export function scimUserColumns(s: ScimUserState) {
  return { userName: s.userName, externalId: s.externalId, givenName: s.givenName, familyName: s.familyName, displayName: s.displayName, active: s.active };
}
