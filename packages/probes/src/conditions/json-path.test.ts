import { parsePath, PathError, resolvePath } from './json-path.js';

const doc = { data: { status: 'ok', 'full name': 'A B', 'a/b': 1, 'm~n': 2, items: [{ id: 1 }, { id: 2 }], zero: 0, nothing: null } };
const at = (path: string) => resolvePath(doc, parsePath(path));

describe('JSON Pointer', () => {
  it.each([
    ['', doc],
    ['/data/status', 'ok'],
    ['/data/items/1/id', 2],
    ['/data/a~1b', 1],
    ['/data/m~0n', 2],
    ['/data/zero', 0],
    ['/data/nothing', null],
  ])('%s', (path, value) => expect(at(path)).toEqual({ found: true, value }));

  it('missing keys, out-of-range indexes and non-containers are not found', () => {
    for (const p of ['/data/nope', '/data/items/2', '/data/items/-1', '/data/items/01', '/data/status/x']) expect(at(p)).toEqual({ found: false });
  });

  it('inherited properties are not values', () => {
    expect(at('/data/constructor')).toEqual({ found: false });
    expect(at('/data/__proto__')).toEqual({ found: false });
  });
});

describe('JSONPath subset', () => {
  it.each([
    ['$', doc],
    ['$.data.status', 'ok'],
    ["$.data['full name']", 'A B'],
    ['$["data"]["a/b"]', 1],
    ['$.data.items[0].id', 1],
    ['$.data.items[-1].id', 2],
    ["$['data']['it\\'s']", undefined],
  ])('%s', (path, value) => {
    const r = at(path);
    if (value === undefined) expect(r).toEqual({ found: false });
    else expect(r).toEqual({ found: true, value });
  });

  it.each([
    ['$..status', /recursive descent/],
    ['$.data[*]', /wildcards/],
    ['$.data[?(@.x)]', /wildcards, filters/],
    ['$.data[0:2]', /expected an index/],
    ["$['unterminated", /unterminated/],
    ['data.status', /must be a JSON Pointer/],
    ['$.', /expected a name/],
    ['/a~2', /~/],
    [`/${'a/'.repeat(40)}`, /at most 32 segments/],
    [`$.${'a'.repeat(300)}`, /at most 256 characters/],
  ])('refuses %s', (path, message) => {
    expect(() => parsePath(path)).toThrow(PathError);
    expect(() => parsePath(path)).toThrow(message);
  });
});
