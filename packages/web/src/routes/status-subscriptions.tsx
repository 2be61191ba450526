import { SUBSCRIPTION_TOKEN } from '@upmon/core';
import { Router, type Request, type Response } from 'express';
import {
  ApiError,
  STATUS_PAGE_KEY,
  confirmSubscription,
  findPendingSubscription,
  findSubscriptionByUnsubscribeToken,
  requestSubscription,
  sendSubscriptionConfirmation,
  statusPageUrl,
  subscriberEmail,
  unsubscribe,
} from '@upmon/domain';
import { sendPage } from '../http/render.js';
import { throttle } from '../http/throttle.js';
import { WebError, notFound } from '../http/web-error.js';
import { SubscriptionPage, type SubscriptionPageState } from '../views/subscriptions/subscription-page.js';
import type { WebContext } from '../web-context.js';

/** The form's field, bounded (the body parser already caps the body). */
function emailField(body: unknown): string {
  const v = (body as Record<string, unknown> | undefined)?.email;
  return typeof v === 'string' ? v.slice(0, 1000) : '';
}

/**
 * Subscribing to a status page by e-mail (docs/status-pages.md, "Subscribers"), mounted after the
 * form body parser and before sessions: no cookie is read or set. The form posts without a CSRF
 * token: a cross-site post can do no more than a visitor typing the address, a confirmation mail
 * that sends nothing more until it is opened, under the same per-address and per-client budgets.
 * The mailed links carry their own tokens: GET shows a button, POST acts (confirms, unsubscribes;
 * the unsubscribe POST is also RFC 8058's one-click, sent by mail clients without a page).
 */
export function statusSubscriptionsRouter(ctx: WebContext): Router {
  const r = Router();
  const render = (res: Response, state: SubscriptionPageState, status = 200) => {
    // Tokens are in these URLs: no Referer leaves the page, and it is nobody's to index.
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('X-Robots-Tag', 'noindex');
    sendPage(res, <SubscriptionPage assets={ctx.assets} state={state} />, status);
  };
  const keyOf = (req: Request): string => {
    const key = req.params.key;
    if (typeof key !== 'string' || !STATUS_PAGE_KEY.test(key)) throw notFound();
    return key;
  };
  const tokenOf = (req: Request): string | null => {
    const token = req.params.token;
    return typeof token === 'string' && SUBSCRIPTION_TOKEN.test(token) ? token : null;
  };

  r.post('/status/:key/subscribe', async (req, res) => {
    const key = keyOf(req);
    const statusUrl = statusPageUrl('', key);
    const raw = emailField(req.body);
    let email: string;
    try {
      email = subscriberEmail(raw);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      const page = await ctx.prisma.statusPage.findFirst({ where: { publicKey: key, enabled: true }, select: { title: true } });
      if (!page) throw notFound();
      const error = err.message.replace(/^email /, 'The e-mail address ');
      return render(res, { kind: 'invalid-email', pageTitle: page.title, statusUrl, error, email: raw.slice(0, 254) }, 400);
    }
    await throttle(ctx, req, 'subscribe', email);
    const now = ctx.clock.now();
    let request;
    try {
      request = await requestSubscription(ctx.prisma, key, email, now);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'not_found') throw notFound();
      if (err instanceof ApiError && err.code === 'conflict') throw new WebError(409, 'This status page takes no more subscribers.');
      throw err;
    }
    if (request.mail) {
      void sendSubscriptionConfirmation({ mailer: ctx.mailer, logger: ctx.logger, appBaseUrl: ctx.config.appBaseUrl }, { ...request.mail, publicKey: key });
    }
    render(res, { kind: 'check-inbox', pageTitle: request.pageTitle, statusUrl });
  });

  r.get('/status/:key/confirm/:token', async (req, res) => {
    const key = keyOf(req);
    const token = tokenOf(req);
    const found = token ? await findPendingSubscription(ctx.prisma, key, token, ctx.clock.now()) : null;
    if (!found) return render(res, { kind: 'invalid-link' }, 404);
    render(res, { kind: 'confirm', pageTitle: found.pageTitle });
  });

  r.post('/status/:key/confirm/:token', async (req, res) => {
    const key = keyOf(req);
    const token = tokenOf(req);
    const now = ctx.clock.now();
    const found = token ? await findPendingSubscription(ctx.prisma, key, token, now) : null;
    if (!found || !token || !(await confirmSubscription(ctx.prisma, key, token, now))) return render(res, { kind: 'invalid-link' }, 404);
    render(res, { kind: 'confirmed', pageTitle: found.pageTitle, statusUrl: statusPageUrl('', key) });
  });

  r.get('/status/:key/unsubscribe/:token', async (req, res) => {
    const key = keyOf(req);
    const token = tokenOf(req);
    const found = token ? await findSubscriptionByUnsubscribeToken(ctx.prisma, key, token) : null;
    if (!found) return render(res, { kind: 'unsubscribed', statusUrl: statusPageUrl('', key) });
    render(res, { kind: 'unsubscribe', pageTitle: found.pageTitle });
  });

  r.post('/status/:key/unsubscribe/:token', async (req, res) => {
    const key = keyOf(req);
    const token = tokenOf(req);
    if (token) await unsubscribe(ctx.prisma, key, token);
    render(res, { kind: 'unsubscribed', statusUrl: statusPageUrl('', key) });
  });
  return r;
}
