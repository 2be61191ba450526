import { Router } from 'express';
import { ApiError, oncallCalendar, oncallFeedBudgets, ONCALL_FEED_REQUESTS_PER_MINUTE, tooManyRequests } from '@upmon/domain';
import { clientBudgetName, createClientAddressResolver } from '@upmon/service-kit';
import type { V1Context } from '../v1/context.js';

/**
 * GET /ical/oncall/<token>.ics: a schedule's or a person's on-call shifts for calendar apps
 * (docs/oncall.md, "iCal feeds"). Public, no key: the token in the address is the secret, and
 * rotating it (the API or the web app) revokes the old address. Calendar apps poll: cached briefly.
 * Each client address gets ONCALL_FEED_REQUESTS_PER_MINUTE requests (429 with Retry-After beyond),
 * spent before the token is looked up: a feed may compute many schedules over 97 days.
 */
export function oncallFeedRouter(ctx: Pick<V1Context, 'prisma' | 'clock' | 'rateLimiter' | 'config'>): Router {
  const r = Router();
  const clientAddress = createClientAddressResolver(ctx.config.trustedProxies);
  r.get('/ical/oncall/:file', async (req, res) => {
    const client = clientBudgetName(clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for']));
    const rate = await ctx.rateLimiter.hit(oncallFeedBudgets(ctx.config.redisPrefix, client));
    if (!rate.allowed)
      throw tooManyRequests(`rate limit of ${ONCALL_FEED_REQUESTS_PER_MINUTE} calendar requests per minute per address exceeded`, rate.retryAfterSec);
    const file = req.params.file;
    const text = file.endsWith('.ics') ? await oncallCalendar(ctx.prisma, file.slice(0, -4), ctx.clock.now()) : null;
    if (text === null) throw ApiError.notFound('calendar not found');
    res.setHeader('content-type', 'text/calendar; charset=utf-8');
    res.setHeader('cache-control', 'private, max-age=300');
    res.send(text);
  });
  return r;
}
