import { parseScimFilter, scimPage } from './scim-filter.js';
import { ScimError } from './scim-error.js';

const USER = ['username', 'externalid', 'emails.value', 'id'];

test('equality filters as Okta and Entra ID send them, joined by and', () => {
  expect(parseScimFilter('userName eq "dave@acme.test"', USER)).toEqual([{ attribute: 'username', value: 'dave@acme.test' }]);
  expect(parseScimFilter('externalId eq "a \\"quoted\\" id" and userName eq "x@y.z"', USER)).toEqual([
    { attribute: 'externalid', value: 'a "quoted" id' },
    { attribute: 'username', value: 'x@y.z' },
  ]);
  expect(parseScimFilter('urn:ietf:params:scim:schemas:core:2.0:User:userName eq "a@b.c"', USER)).toEqual([{ attribute: 'username', value: 'a@b.c' }]);
  expect(parseScimFilter(undefined, USER)).toEqual([]);
});

test('anything else is invalidFilter, naming it, and long filters are refused before any regex', () => {
  for (const f of ['userName co "a"', 'userName eq a', 'title eq "x"', 'userName eq "a" or userName eq "b"', 'x'.repeat(501)]) {
    let err: unknown;
    try {
      parseScimFilter(f, USER);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ScimError);
    expect((err as ScimError).scimType).toBe('invalidFilter');
  }
});

test('pages: 1-based startIndex, count capped, junk ignored', () => {
  expect(scimPage({})).toEqual({ startIndex: 1, count: 100 });
  expect(scimPage({ startIndex: '3', count: '1000' })).toEqual({ startIndex: 3, count: 200 });
  expect(scimPage({ startIndex: '0', count: 'x' })).toEqual({ startIndex: 1, count: 100 });
});
