import type pg from 'pg';
import { STATUS_PAGE_DAYS, utcDayStart } from '@upmon/core';
import { readStatusPageIncidents, type PublicIncidentData } from './public-status-incidents.js';

/**
 * What a page's feeds list (docs/status-pages.md, "Feeds"): its title and the incidents the page
 * shows (open ones and those resolved in its days), in two small queries side by side, or null
 * for an unknown or unpublished page. No checks or uptime: a feed reader polls often.
 */
export async function readStatusPageFeed(pool: pg.Pool, publicKey: string, now: Date): Promise<{ title: string; incidents: PublicIncidentData[] } | null> {
  const firstDay = utcDayStart(now.getTime()) - (STATUS_PAGE_DAYS - 1) * 86_400_000;
  const [{ rows }, incidents] = await Promise.all([
    pool.query<{ title: string }>({
      name: 'status-page-feed-title',
      text: 'SELECT title FROM status_pages WHERE public_key = $1 AND enabled',
      values: [publicKey],
    }),
    readStatusPageIncidents(pool, publicKey, new Date(firstDay)),
  ]);
  const page = rows[0];
  return page ? { title: page.title, incidents } : null;
}
