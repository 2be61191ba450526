import type { CheckStatus } from '@upmon/core';

/** Worst first: the dashboard's default order and the colour of a tag chip. */
export const STATUSES: CheckStatus[] = ['down', 'late', 'up', 'new', 'paused'];

export const SORTS = { status: 'worst status first', name: 'name', last_ping: 'last ping' } as const;
export type DashboardSort = keyof typeof SORTS;

/** Rows per page: 1,000 checks are ten pages, each a small page to render and to read. */
export const PAGE_SIZE = 100;
const MAX_TAGS = 20;
const MAX_TEXT = 100;

/**
 * What a dashboard shows, all of it in the URL's query (`?q=db&tag=prod&tag=eu&status=down&sort=name&page=2`)
 * so a view is linkable, survives a reload and works without JavaScript. Anything malformed is
 * dropped rather than refused: a stale or hand-edited link still shows the dashboard.
 */
export interface DashboardQuery {
  /** Part of a check's name or slug (case-insensitive). */
  q: string;
  /** Checks having every one of these tags. */
  tags: string[];
  status: CheckStatus | null;
  sort: DashboardSort;
  /** 1-based. */
  page: number;
}

const text = (v: unknown): string => (typeof v === 'string' ? v.trim().slice(0, MAX_TEXT) : '');

export function parseDashboardQuery(query: Record<string, unknown>): DashboardQuery {
  const rawTags = Array.isArray(query.tag) ? query.tag : [query.tag];
  const tags = [...new Set(rawTags.map(text).filter((t) => t !== ''))].slice(0, MAX_TAGS);
  const status = STATUSES.find((s) => s === query.status) ?? null;
  const sort = typeof query.sort === 'string' && Object.hasOwn(SORTS, query.sort) ? (query.sort as DashboardSort) : 'status';
  const page = typeof query.page === 'string' && /^\d{1,5}$/.test(query.page) ? Math.max(1, Number(query.page)) : 1;
  return { q: text(query.q), tags, status, sort, page };
}

/** Whether the view leaves some checks out (then the live poll must not call them "new"). */
export function isFiltered(query: DashboardQuery): boolean {
  return query.q !== '' || query.tags.length > 0 || query.status !== null;
}

/** The dashboard's URL for `query` with `changes` (defaults left out, so links stay short). */
export function dashboardHref(base: string, query: DashboardQuery, changes: Partial<DashboardQuery> = {}): string {
  const next = { ...query, ...changes };
  const params = new URLSearchParams();
  if (next.q !== '') params.set('q', next.q);
  for (const t of next.tags) params.append('tag', t);
  if (next.status) params.set('status', next.status);
  if (next.sort !== 'status') params.set('sort', next.sort);
  if (next.page > 1) params.set('page', String(next.page));
  const qs = params.toString();
  return qs ? `${base}?${qs}` : base;
}

/** The tag list with `tag` added, or removed when it is already there (a chip's link). */
export function toggledTags(tags: readonly string[], tag: string): string[] {
  return tags.includes(tag) ? tags.filter((t) => t !== tag) : [...tags, tag];
}

/** The page numbers a pager links to: the first, the last and three either side of `current` (null: a gap). */
export function pageNumbers(current: number, pages: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let n = 1; n <= pages; n++) {
    if (n === 1 || n === pages || Math.abs(n - current) <= 3) out.push(n);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}

/**
 * The view a form carried back as its query string (`q=db&tag=a&tag=b…`, the bulk actions' `view`
 * field), read as the dashboard reads its URL: bounded, anything malformed dropped.
 */
export function dashboardQueryOfSearch(search: string): DashboardQuery {
  const params = new URLSearchParams(search.slice(0, 4000));
  const raw: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    raw[key] = all.length > 1 ? all : (all[0] as string);
  }
  return parseDashboardQuery(raw);
}
