import { Router } from 'express';
import { renderToString } from 'preact-render-to-string';
import { RenderedPageCache } from '../http/rendered-page-cache.js';
import { STATUS_PAGE_KEY, statusPageUrl } from '@upmon/domain';
import { notFound } from '../http/web-error.js';
import { readStatusPageFeed } from '../queries/public-status-feed.js';
import { readPublicStatusPage, type PublicStatusPageData } from '../queries/public-status-page.js';
import type { Assets } from '../http/assets.js';
import { incidentAtomFeed, incidentRssFeed } from '../views/status-pages/incident-feeds.js';
import { publicMaintenanceView } from '../views/status-pages/public-maintenance-model.js';
import { LISTED_INCIDENTS, publicStatusView } from '../views/status-pages/public-status-model.js';
import { PublicStatusPage } from '../views/status-pages/public-status-page.js';
import { STATUSPAGE_DOCUMENTS, statuspageDocuments } from '../views/status-pages/statuspage-json.js';
import type { WebContext } from '../web-context.js';

/** The same for everyone who has the link: shared caches may keep it briefly, so a flip shows soon. */
const STATUS_PAGE_CACHE_CONTROL = 'public, max-age=30';
/** Rendered pages kept in memory, at most (a 100-check page with busy flips is ~0.5 MB of HTML). */
const CACHE_MAX_BYTES = 64 * 1024 * 1024;

/** The public status page's HTML (without the doctype): here, and the settings' preview. */
export function publicStatusHtml(data: PublicStatusPageData, now: Date, assets: Assets, publicKey: string): string {
  return renderToString(
    <PublicStatusPage
      view={publicStatusView(data, now)}
      maintenance={publicMaintenanceView(data, now)}
      assets={assets}
      pageUrl={statusPageUrl('', publicKey)}
    />,
  );
}

/**
 * GET /status/<public_key>: a project's public status page (docs/status-pages.md), and its
 * Statuspage-compatible JSON under /status/<public_key>/api/v2/. No session, no cookies, no
 * JavaScript; 404 for an unknown key or a page that is not enabled.
 */
export function publicStatusRouter(ctx: WebContext): Router {
  const r = Router();
  const cache = new RenderedPageCache({ ttlMs: ctx.config.statusPageCacheMs, maxBytes: CACHE_MAX_BYTES });
  r.get('/status/:key', async (req, res) => {
    const key = req.params.key;
    if (!STATUS_PAGE_KEY.test(key)) throw notFound();
    const now = ctx.clock.now();
    const html = await cache.get(key, now.getTime(), async () => {
      const data = await readPublicStatusPage(ctx.pool, key, now, LISTED_INCIDENTS);
      return data ? publicStatusHtml(data, now, ctx.assets, key) : null;
    });
    if (html === null) throw notFound();
    res.status(200);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', STATUS_PAGE_CACHE_CONTROL);
    res.end(`<!doctype html>${html}`);
  });

  // Statuspage-compatible JSON (docs/status-pages.md): read by widgets on other sites, so any origin may.
  for (const doc of STATUSPAGE_DOCUMENTS) {
    r.get(`/status/:key/api/v2/${doc}`, async (req, res) => {
      const key = req.params.key;
      if (!STATUS_PAGE_KEY.test(key)) throw notFound();
      const now = ctx.clock.now();
      const json = await cache.get(`${key} ${doc}`, now.getTime(), async () => {
        const data = await readPublicStatusPage(ctx.pool, key, now, LISTED_INCIDENTS);
        if (!data) return null;
        const underMaintenance = publicMaintenanceView(data, now).underMaintenance;
        const docs = statuspageDocuments({ publicKey: key, pageUrl: statusPageUrl(ctx.config.appBaseUrl, key), data, underMaintenance, now });
        return JSON.stringify(docs[doc]);
      });
      if (json === null) throw notFound();
      res.status(200);
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Cache-Control', STATUS_PAGE_CACHE_CONTROL);
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.end(json);
    });
  }
  // Atom and RSS of the incidents and their updates (docs/status-pages.md, "Feeds"), linked from the page.
  const feeds = [
    ['feed.atom', 'application/atom+xml; charset=utf-8', incidentAtomFeed],
    ['feed.rss', 'application/rss+xml; charset=utf-8', incidentRssFeed],
  ] as const;
  for (const [file, type, build] of feeds) {
    r.get(`/status/:key/${file}`, async (req, res) => {
      const key = req.params.key;
      if (!STATUS_PAGE_KEY.test(key)) throw notFound();
      const now = ctx.clock.now();
      const xml = await cache.get(`${key} ${file}`, now.getTime(), async () => {
        const feed = await readStatusPageFeed(ctx.pool, key, now);
        if (!feed) return null;
        return build({ pageTitle: feed.title, pageUrl: statusPageUrl(ctx.config.appBaseUrl, key), incidents: feed.incidents, now });
      });
      if (xml === null) throw notFound();
      res.status(200);
      res.setHeader('Content-Type', type);
      res.setHeader('Cache-Control', STATUS_PAGE_CACHE_CONTROL);
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.end(xml);
    });
  }
  return r;
}
