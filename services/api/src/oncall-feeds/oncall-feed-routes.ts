import { Router } from 'express';
import type { PrismaClient } from '@upmon/db';
import { ApiError, oncallCalendar } from '@upmon/domain';
import type { Clock } from '@upmon/service-kit';

/**
 * GET /ical/oncall/<token>.ics: a schedule's or a person's on-call shifts for calendar apps
 * (docs/oncall.md, "iCal feeds"). Public, no key: the token in the address is the secret, and
 * rotating it (the API or the web app) revokes the old address. Calendar apps poll: cached briefly.
 */
export function oncallFeedRouter(prisma: PrismaClient, clock: Clock): Router {
  const r = Router();
  r.get('/ical/oncall/:file', async (req, res) => {
    const file = req.params.file;
    const text = file.endsWith('.ics') ? await oncallCalendar(prisma, file.slice(0, -4), clock.now()) : null;
    if (text === null) throw ApiError.notFound('calendar not found');
    res.setHeader('content-type', 'text/calendar; charset=utf-8');
    res.setHeader('cache-control', 'private, max-age=300');
    res.send(text);
  });
  return r;
}
