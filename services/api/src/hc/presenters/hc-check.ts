import { sqlRowToState } from '@upmon/check-store';
import { isProbedKind } from '@upmon/core';
import { hcNextPing, hcReportedGrace, hcStarted, hcStatus, hcTagsText, hcUniqueKey } from '@upmon/healthchecks';
import type { HcVersion } from '../hc-version.js';
import type { HcCheckRow } from '../queries/hc-check-reads.js';
import { storedCheckFields } from '../services/check-fields-io.js';
import { hcTimestamp } from './hc-timestamp.js';

export interface HcUrls {
  /** APP_BASE_URL: where update_url, pause_url, … point. */
  appBaseUrl: string;
  /** The first PING_DOMAINS entry: ping_url is <it>/<uuid>. */
  pingBase: string;
}

/**
 * A check in Healthchecks' shape (hc/api/models.py `Check.to_dict`). Read-only keys get
 * `unique_key` instead of the UUID, URLs and channels. `grace` is the one the client asked for
 * while upmon watches with what its rules make of it (hcReportedGrace). upmon has no keyword
 * filters or auto-resume on ping, so those fields always say so (manual_resume: a paused upmon
 * check stays paused until resumed). Probed checks (http, tcp, dns, tls), which Healthchecks has
 * no shape for, carry their `kind` (docs/healthchecks.md).
 */
export function presentHcCheck(row: HcCheckRow, opts: { readonly: boolean; version: HcVersion; urls: HcUrls }) {
  const state = sqlRowToState(row);
  const out: Record<string, unknown> = {
    name: row.name,
    slug: row.slug ?? '',
    tags: hcTagsText(row.tags),
    desc: row.description ?? '',
    grace: hcReportedGrace(storedCheckFields(row)),
    n_pings: row.n_pings,
    status: hcStatus(state),
    started: hcStarted(state),
    last_ping: hcTimestamp(row.last_ping_at),
    next_ping: hcTimestamp(hcNextPing(state)),
    manual_resume: true,
    methods: row.post_only ? 'POST' : '',
    subject: '',
    subject_fail: '',
    start_kw: '',
    success_kw: '',
    failure_kw: '',
    filter_subject: false,
    filter_body: false,
    filter_http_body: false,
    filter_default_fail: false,
  };
  if (isProbedKind(row.kind)) out.kind = row.kind;
  // Healthchecks reports whole seconds and leaves the field out when there is none.
  if (row.last_duration_ms) out.last_duration = Math.floor(row.last_duration_ms / 1000);
  if (opts.readonly) {
    out.unique_key = hcUniqueKey(row.id);
  } else {
    const updateUrl = `${opts.urls.appBaseUrl}/api/v${opts.version}/checks/${row.id}`;
    out.uuid = row.id;
    out.ping_url = `${opts.urls.pingBase}/${row.id}`;
    out.update_url = updateUrl;
    out.pause_url = `${updateUrl}/pause`;
    out.resume_url = `${updateUrl}/resume`;
    out.channels = row.channels;
  }
  if (row.schedule_kind === 'period') {
    out.timeout = row.period_sec;
  } else {
    out.schedule = row.schedule_kind === 'cron' ? row.cron : row.oncalendar;
    out.tz = row.tz;
  }
  return out;
}
