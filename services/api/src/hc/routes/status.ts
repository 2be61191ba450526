import { Router } from 'express';
import type pg from 'pg';

/** /status/: Healthchecks' database check, no key: "OK" when a test query succeeds, else 500. */
export function hcStatusRouter(pool: pg.Pool): Router {
  const r = Router();
  r.get('/status', async (_req, res) => {
    await pool.query('SELECT 1');
    res.type('text/plain').send('OK');
  });
  return r;
}
