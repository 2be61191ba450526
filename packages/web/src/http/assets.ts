import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RequestHandler } from 'express';

/** packages/web/assets: two levels up from both src/http and dist/http. */
const ASSETS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../assets');

const TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

interface Asset {
  body: Buffer;
  type: string;
}

export interface Assets {
  /** `/static/<name>.<hash>.<ext>` of a file in web-assets (throws for an unknown name: a bug). */
  url(name: string): string;
  handler: RequestHandler;
}

/**
 * The app's CSS and JavaScript, read once at start and served under content-hashed names with a
 * year of immutable caching: a deploy changes the names, so browsers never run stale code.
 */
export function loadAssets(): Assets {
  const byUrl = new Map<string, Asset>();
  const urls = new Map<string, string>();
  for (const name of readdirSync(ASSETS_DIR)) {
    const ext = path.extname(name);
    const type = TYPES[ext];
    if (!type) continue;
    const body = readFileSync(path.join(ASSETS_DIR, name));
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
    const url = `/static/${path.basename(name, ext)}.${hash}${ext}`;
    byUrl.set(url, { body, type });
    urls.set(name, url);
  }
  // ES modules import each other by hashed name too: rewrite `./x.js` imports once, here.
  for (const [url, asset] of byUrl) {
    if (asset.type !== TYPES['.js']) continue;
    const text = asset.body.toString('utf8').replace(/from '\.\/([a-z0-9-]+\.js)'/g, (m, file: string) => {
      const target = urls.get(file);
      return target ? `from '${target}'` : m;
    });
    byUrl.set(url, { ...asset, body: Buffer.from(text) });
  }
  return {
    url(name) {
      const u = urls.get(name);
      if (!u) throw new Error(`unknown asset ${name}`);
      return u;
    },
    handler(req, res, next) {
      const asset = byUrl.get(req.path === '/' ? '' : `/static${req.path}`);
      if (!asset) {
        next();
        return;
      }
      res.setHeader('Content-Type', asset.type);
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.end(asset.body);
    },
  };
}
