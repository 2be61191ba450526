import { Router } from 'express';
import { renderToString } from 'preact-render-to-string';
import { STATUS_PAGE_KEY } from '../../status-page/status-page-url.js';
import { notFound } from '../http/web-error.js';
import { readPublicStatusPage } from '../queries/public-status-page.js';
import { publicStatusView, statusPageWindowStart } from '../views/status-pages/public-status-model.js';
import { PublicStatusPage } from '../views/status-pages/public-status-page.js';
import type { WebContext } from '../web-context.js';

/** The same for everyone who has the link: shared caches may keep it briefly, so a flip shows soon. */
const STATUS_PAGE_CACHE_CONTROL = 'public, max-age=30';

/**
 * GET /status/<public_key>: a project's public status page (docs/status-pages.md). No session, no
 * cookies, no JavaScript; 404 for an unknown key or a page that is not enabled.
 */
export function publicStatusRouter(ctx: WebContext): Router {
  const r = Router();
  r.get('/status/:key', async (req, res) => {
    const key = req.params.key;
    if (!STATUS_PAGE_KEY.test(key)) throw notFound();
    const now = ctx.clock.now();
    const data = await readPublicStatusPage(ctx.pool, key, statusPageWindowStart(now));
    if (!data) throw notFound();
    const html = renderToString(<PublicStatusPage view={publicStatusView(data, now)} assets={ctx.assets} />);
    res.status(200);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', STATUS_PAGE_CACHE_CONTROL);
    res.end(`<!doctype html>${html}`);
  });
  return r;
}
