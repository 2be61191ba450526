import { scheduleOf } from '@upmon/check-store';
import type { Clock } from '@upmon/service-kit';
import { Router } from 'express';
import { BODY_OPTIONS, type FieldErrors, fieldErrorsOf, checkScheduleSemantics, checkTimeZone, scheduleSchema } from '@upmon/domain';
import { requireViewer } from '../http/require-viewer.js';
import { nextTimesInZone, scheduleInWords } from '../schedule-words.js';

/** Longest expression the preview looks at (the API's own limit for cron and OnCalendar). */
const MAX_VALUE = 255;

/**
 * GET /schedule-preview?kind=&value=&tz=: the next 5 run times of a schedule as one types it, in
 * its zone, or the API's own validation message. Input is bounded before any parser sees it.
 */
export function schedulePreviewRouter(clock: Clock): Router {
  const r = Router();
  r.get('/schedule-preview', requireViewer, (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const q = req.query;
    const kind = typeof q.kind === 'string' ? q.kind : '';
    const value = typeof q.value === 'string' ? q.value.trim() : '';
    const tz = typeof q.tz === 'string' && q.tz !== '' ? q.tz : 'UTC';
    if (value.length > MAX_VALUE || tz.length > 64) {
      res.json({ error: `must be at most ${MAX_VALUE} characters` });
      return;
    }
    const schedule: Record<string, unknown> = { kind };
    if (kind === 'period') schedule.period_sec = /^\d{1,9}$/.test(value) ? Number(value) : value;
    else if (kind === 'cron') schedule.cron = value;
    else if (kind === 'oncalendar') schedule.oncalendar = value;
    // The API's schedule rules and messages, exactly.
    const errors: FieldErrors = fieldErrorsOf(scheduleSchema.validate(schedule, BODY_OPTIONS).error);
    // Errors here are keyed without the API body's `schedule.` prefix.
    const wellFormed = (field: string) => (field === 'schedule' ? Object.keys(errors).length === 0 : !errors[field.replace(/^schedule\./, '')]);
    checkScheduleSemantics(errors, schedule, wellFormed);
    checkTimeZone(errors, 'tz', tz);
    const first = Object.values(errors)[0];
    if (first) {
      res.json({ error: first.join('; ') });
      return;
    }
    const s = scheduleOf({
      scheduleKind: kind as 'period' | 'cron' | 'oncalendar',
      periodSec: typeof schedule.period_sec === 'number' ? schedule.period_sec : null,
      cron: kind === 'cron' ? value : null,
      oncalendar: kind === 'oncalendar' ? value : null,
      tz,
    });
    res.json({ description: scheduleInWords(s), next: nextTimesInZone(s, clock.now()) });
  });
  return r;
}
