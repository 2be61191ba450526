import { dashboardHref, dashboardQueryOfSearch, pageNumbers, parseDashboardQuery, toggledTags } from './dashboard-query.js';

describe('parseDashboardQuery', () => {
  test('defaults, and everything malformed dropped', () => {
    expect(parseDashboardQuery({})).toEqual({ q: '', tags: [], status: null, sort: 'status', page: 1 });
    expect(parseDashboardQuery({ q: ['a'], tag: { x: 1 }, status: 'broken', sort: 'constructor', page: '-1' })).toEqual({
      q: '',
      tags: [],
      status: null,
      sort: 'status',
      page: 1,
    });
    expect(parseDashboardQuery({ page: '0' }).page).toBe(1);
    expect(parseDashboardQuery({ page: '1e3' }).page).toBe(1);
  });

  test('search text trimmed and bounded; tags repeated, deduplicated and bounded', () => {
    const q = parseDashboardQuery({
      q: `  ${'x'.repeat(500)} `,
      tag: ['a', 'b', 'a', '', ...Array.from({ length: 40 }, (_, i) => `t${i}`)],
      status: 'down',
      sort: 'name',
      page: '3',
    });
    expect(q.q).toHaveLength(100);
    expect(q.tags.slice(0, 3)).toEqual(['a', 'b', 't0']);
    expect(q.tags).toHaveLength(20);
    expect([q.status, q.sort, q.page]).toEqual(['down', 'name', 3]);
  });
});

test('dashboardHref leaves defaults out and encodes what people typed', () => {
  const q = parseDashboardQuery({ q: 'a&b', tag: ['x y', 'z'], sort: 'last_ping', page: '2' });
  expect(dashboardHref('/projects/p', q)).toBe('/projects/p?q=a%26b&tag=x+y&tag=z&sort=last_ping&page=2');
  expect(dashboardHref('/projects/p', q, { q: '', tags: [], sort: 'status', page: 1 })).toBe('/projects/p');
});

test('toggledTags adds or removes one tag', () => {
  expect(toggledTags(['a'], 'b')).toEqual(['a', 'b']);
  expect(toggledTags(['a', 'b'], 'a')).toEqual(['b']);
});

test('pageNumbers: the first, the last and three around the current page', () => {
  expect(pageNumbers(1, 1)).toEqual([1]);
  expect(pageNumbers(1, 10)).toEqual([1, 2, 3, 4, null, 10]);
  expect(pageNumbers(10, 20)).toEqual([1, null, 7, 8, 9, 10, 11, 12, 13, null, 20]);
});

describe('dashboardQueryOfSearch (the view a form carries back)', () => {
  test('the view as its link gives it, read back the same', () => {
    const view = { q: 'db backup', tags: ['prod', 'eu'], status: 'down' as const, sort: 'name' as const, page: 3 };
    expect(dashboardQueryOfSearch(dashboardHref('', view).slice(1))).toEqual(view);
  });

  test('nothing, or anything malformed, is the default view; a huge string is cut before parsing', () => {
    expect(dashboardQueryOfSearch('')).toEqual(parseDashboardQuery({}));
    expect(dashboardQueryOfSearch('status=evil&sort=__proto__&page=-4&q=%E0%A4%A')).toEqual({ ...parseDashboardQuery({}), q: '\ufffd%A' });
    expect(dashboardQueryOfSearch(`q=${'x'.repeat(10_000)}`).q.length).toBeLessThanOrEqual(100);
  });
});
