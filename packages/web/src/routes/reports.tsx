import { Router } from 'express';
import { monthOfInstant } from '@upmon/core';
import { presentReport, readReport, reportCsv, reportFileName, validateReportQuery, type Report } from '@upmon/domain';
import { formErrorsOf } from '../http/form-errors.js';
import { projectAccess } from '../http/project-access.js';
import { pageContext, sendPage } from '../http/render.js';
import { requireViewer } from '../http/require-viewer.js';
import { viewerOf, type Viewer } from '../http/viewer.js';
import { ReportPage, type ReportForm } from '../views/reports/report-page.js';
import type { WebContext } from '../web-context.js';

/** Only these query fields reach the report's validation; each a single text value. */
const FIELDS = ['month', 'tz', 'tag', 'check', 'format', 'rows'] as const;

/** The page's query as the report's: the current month (in the zone asked for, else UTC) when none is given, empty fields left out. */
function reportQueryOf(query: Record<string, unknown>, now: Date): { form: ReportForm; input: Record<string, unknown> } {
  const text = (k: string) => (typeof query[k] === 'string' ? (query[k] as string).slice(0, 200) : '');
  const tz = text('tz') || 'UTC';
  let month = text('month');
  if (!month) {
    try {
      const m = monthOfInstant(tz, now.getTime());
      month = `${m.year}-${String(m.month).padStart(2, '0')}`;
    } catch {
      month = now.toISOString().slice(0, 7);
    }
  }
  const input: Record<string, unknown> = { month, tz };
  for (const k of FIELDS) if (k !== 'month' && k !== 'tz' && text(k)) input[k] = text(k);
  return { form: { month, tz, tag: text('tag') }, input };
}

/** /projects/<id>/reports: a month's report, printable, with CSV and JSON downloads (docs/slos.md, "Reports"); everyone in the account reads it. */
export function reportsRouter(ctx: WebContext): Router {
  const r = Router();
  r.use('/projects', requireViewer);

  r.get('/projects/:id/reports', async (req, res) => {
    const access = await projectAccess(ctx, viewerOf(res) as Viewer, req.params.id);
    const now = ctx.clock.now();
    const { form, input } = reportQueryOf(req.query as Record<string, unknown>, now);
    let report: Report | null = null;
    let errors = {};
    let status = 200;
    try {
      report = await readReport(ctx, access.project.id, validateReportQuery({ ...input, format: undefined, rows: undefined }), now);
    } catch (err) {
      ({ errors, status } = formErrorsOf(err));
    }
    sendPage(res, <ReportPage page={pageContext(res, ctx.assets)} access={access} form={form} report={report} errors={errors} />, status);
  });

  r.get('/projects/:id/reports/export', async (req, res) => {
    const access = await projectAccess(ctx, viewerOf(res) as Viewer, req.params.id);
    const now = ctx.clock.now();
    const query = validateReportQuery(reportQueryOf(req.query as Record<string, unknown>, now).input);
    const report = await readReport(ctx, access.project.id, query, now);
    if (query.format === 'csv') {
      res.type('text/csv; charset=utf-8');
      res.setHeader('content-disposition', `attachment; filename="${reportFileName(report, query.rows)}"`);
      res.send(reportCsv(report, query.rows));
      return;
    }
    res.setHeader('content-disposition', `attachment; filename="${reportFileName(report, 'checks').replace(/\.csv$/, '.json')}"`);
    res.json({ data: presentReport(report) });
  });
  return r;
}
