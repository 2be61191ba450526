import type { Request, Response } from 'express';
import type { VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import type { Assets } from './assets.js';
import { viewerOf } from './viewer.js';
import type { PageContext } from '../views/page-context.js';

/** The page shell's context for this request. */
export function pageContext(res: Response, assets: Assets): PageContext {
  return { viewer: viewerOf(res), csrf: (res.locals.csrf as string | undefined) ?? '', assets };
}

/** Sends a rendered page. Pages are per person: never stored by shared caches. */
export function sendPage(res: Response, page: VNode, status = 200): void {
  res.status(status);
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(`<!doctype html>${renderToString(page)}`);
}

/** A path inside the app to return to after sign-in: only same-origin paths (no `//host`). */
export function safeNext(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** Signed out: to the sign-in page, coming back here afterwards. */
export function redirectToSignIn(req: Request, res: Response): void {
  const next = req.method === 'GET' ? req.originalUrl : '/projects';
  res.redirect(303, `/sign-in?next=${encodeURIComponent(next)}`);
}
