import { Router } from 'express';
import { OPENAPI_DOCUMENT } from '../openapi/document.js';

/** GET /openapi.json: the OpenAPI 3.1 description of this API, without authentication. */
export function openApiRouter(): Router {
  const r = Router();
  r.get('/openapi.json', (_req, res) => {
    res.json(OPENAPI_DOCUMENT);
  });
  return r;
}
