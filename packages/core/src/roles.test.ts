import { mayAssignRole, roleAllows, ROLES, type Action } from './roles.js';

const ACTIONS: Action[] = ['checks.write', 'integrations.write', 'keys.manage', 'projects.create', 'members.manage', 'status_page.manage', 'incidents.write'];

describe('roles', () => {
  test('read-only may do nothing', () => {
    for (const a of ACTIONS) expect(roleAllows('read_only', a)).toBe(false);
  });

  test('members work on checks, integrations and incidents only', () => {
    expect(ACTIONS.filter((a) => roleAllows('member', a))).toEqual(['checks.write', 'integrations.write', 'incidents.write']);
  });

  test('owners and admins may do everything', () => {
    for (const r of ['owner', 'admin'] as const) for (const a of ACTIONS) expect(roleAllows(r, a)).toBe(true);
  });

  test('only owners make or unmake owners', () => {
    expect(mayAssignRole('owner', 'member', 'owner')).toBe(true);
    expect(mayAssignRole('owner', 'owner', 'admin')).toBe(true);
    expect(mayAssignRole('admin', 'member', 'admin')).toBe(true);
    expect(mayAssignRole('admin', null, 'read_only')).toBe(true);
    expect(mayAssignRole('admin', 'member', 'owner')).toBe(false);
    expect(mayAssignRole('admin', 'owner', 'member')).toBe(false);
    expect(mayAssignRole('admin', null, 'owner')).toBe(false);
    for (const r of ROLES) {
      expect(mayAssignRole('member', r, 'read_only')).toBe(false);
      expect(mayAssignRole('read_only', r, 'read_only')).toBe(false);
    }
  });
});
