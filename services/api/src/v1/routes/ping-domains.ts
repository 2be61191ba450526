import { Router } from 'express';

/** GET /ping-domains: the configured ping base URLs, without authentication (fallback list for SDKs). */
export function pingDomainsRouter(pingDomains: string[]): Router {
  const r = Router();
  const body = { data: pingDomains };
  r.get('/ping-domains', (_req, res) => {
    res.json(body);
  });
  return r;
}
