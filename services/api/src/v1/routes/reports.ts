import { Router } from 'express';
import { presentReport, readReport, reportCsv, reportFileName, validateReportQuery } from '@upmon/domain';
import { authOf } from '../authenticate.js';
import type { V1Context } from '../context.js';

/** /reports: uptime, incidents, response times and SLO attainment of a check, a tag or the project over a month or a range (docs/slos.md), as JSON or CSV. */
export function reportsRouter(ctx: V1Context): Router {
  const r = Router();
  r.get('/reports', async (req, res) => {
    const query = validateReportQuery(req.query as Record<string, unknown>);
    const report = await readReport(ctx, authOf(res).projectId, query, ctx.clock.now());
    if (query.format === 'csv') {
      res.type('text/csv; charset=utf-8');
      res.setHeader('content-disposition', `attachment; filename="${reportFileName(report, query.rows)}"`);
      res.send(reportCsv(report, query.rows));
      return;
    }
    res.json({ data: presentReport(report) });
  });
  return r;
}
