import { escapeHtml, renderIncidentMarkdown } from '@upmon/core';
import type { PublicIncidentData } from '../../queries/public-status-incidents.js';

/** Entries in a feed at most: the newest updates of the page's incidents. */
export const FEED_ENTRIES = 100;

export interface IncidentFeedInput {
  pageTitle: string;
  /** The page's absolute URL (APP_BASE_URL/status/<public key>). */
  pageUrl: string;
  /** Open incidents and those resolved in the page's days, newest first (the page's read). */
  incidents: readonly PublicIncidentData[];
  now: Date;
}

const STATE_WORDS: Record<PublicIncidentData['state'], string> = {
  investigating: 'Investigating',
  identified: 'Identified',
  monitoring: 'Monitoring',
  resolved: 'Resolved',
};

/** Characters XML 1.0 does not allow at all (escaping cannot carry them): dropped. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text for an XML element or attribute. */
function xml(text: string): string {
  return escapeHtml(text.replace(NOT_XML, ''));
}

interface FeedEntry {
  id: string;
  title: string;
  /** The update's message as HTML (the page's Markdown subset), to be escaped into the feed. */
  html: string;
  published: Date;
  updated: Date;
}

/** One entry per update (an incident's first update announces it), newest first, at most FEED_ENTRIES. */
function entriesOf(incidents: readonly PublicIncidentData[]): FeedEntry[] {
  const entries = incidents.flatMap((i) =>
    i.updates.map((u, n) => ({
      id: u.id,
      title: `${i.title}: ${n === i.updates.length - 1 && u.state !== 'resolved' ? 'New incident' : STATE_WORDS[u.state]}`,
      html: renderIncidentMarkdown(u.message),
      published: u.createdAt,
      updated: u.editedAt ?? u.createdAt,
    })),
  );
  entries.sort((a, b) => b.published.getTime() - a.published.getTime() || (a.id < b.id ? 1 : -1));
  return entries.slice(0, FEED_ENTRIES);
}

/** The newest change among the entries, or `now` for a feed without any. */
function lastChange(entries: readonly FeedEntry[], now: Date): Date {
  return entries.reduce<Date | null>((max, e) => (max === null || e.updated > max ? e.updated : max), null) ?? now;
}

/**
 * Atom (RFC 4287) of the page's incident updates. Every piece of people's text is escaped; a
 * message's HTML travels as escaped text (`type="html"`), never as markup of the feed. Entry ids
 * are the updates' UUIDs (`urn:uuid:`), so an edited update stays one entry with a new `updated`.
 */
export function incidentAtomFeed(f: IncidentFeedInput): string {
  const entries = entriesOf(f.incidents);
  const link = xml(f.pageUrl);
  const body = entries
    .map(
      (e) => `<entry>
<id>urn:uuid:${xml(e.id)}</id>
<title>${xml(e.title)}</title>
<link rel="alternate" type="text/html" href="${link}"/>
<published>${e.published.toISOString()}</published>
<updated>${e.updated.toISOString()}</updated>
<content type="html">${xml(e.html)}</content>
</entry>
`,
    )
    .join('');
  return `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
<id>${link}</id>
<title>${xml(f.pageTitle)}</title>
<subtitle>Incidents and their updates</subtitle>
<link rel="alternate" type="text/html" href="${link}"/>
<link rel="self" type="application/atom+xml" href="${link}/feed.atom"/>
<updated>${lastChange(entries, f.now).toISOString()}</updated>
<author><name>${xml(f.pageTitle)}</name></author>
${body}</feed>
`;
}

/** RSS 2.0 of the same entries (guid: the update's UUID, not a link). */
export function incidentRssFeed(f: IncidentFeedInput): string {
  const entries = entriesOf(f.incidents);
  const link = xml(f.pageUrl);
  const items = entries
    .map(
      (e) => `<item>
<title>${xml(e.title)}</title>
<link>${link}</link>
<guid isPermaLink="false">${xml(e.id)}</guid>
<pubDate>${e.published.toUTCString()}</pubDate>
<description>${xml(e.html)}</description>
</item>
`,
    )
    .join('');
  return `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
<title>${xml(f.pageTitle)}</title>
<link>${link}</link>
<description>Incidents and their updates</description>
<atom:link rel="self" type="application/rss+xml" href="${link}/feed.rss"/>
<lastBuildDate>${lastChange(entries, f.now).toUTCString()}</lastBuildDate>
${items}</channel>
</rss>
`;
}
