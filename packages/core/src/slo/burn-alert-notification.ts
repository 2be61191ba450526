import { formatUtc, isoWithOffset } from '../notify/durations.js';
import { SEVERITY_COLORS, type Notification } from '../notify/message.js';
import { BURN_ALERTS, type BurnAlertKind } from './burn-rate-alerts.js';

export interface BurnAlertMessageInput {
  /** The SLO's id: the message's check id (PagerDuty's dedup key, webhooks' check_id), so its alerts and their resolution pair up. */
  sloId: string;
  sloName: string;
  /** What it is about, in words: `check "api"` or `checks tagged "web"`. */
  subjectText: string;
  kind: BurnAlertKind;
  /** fired: the alert starts; resolved: both windows burn below the threshold again. */
  phase: 'fired' | 'resolved';
  targetPercent: number;
  longBurn: number;
  threshold: number;
  /** The SLO's window in words: "30 days", "calendar month (Europe/Riga)". */
  windowText: string;
  at: Date;
  link: string;
}

const round = (x: number) => (Math.round(x * 10) / 10).toString();

/**
 * The words of an SLO's burn-rate alert (docs/slos.md, "Burn-rate alerts"), for every channel:
 * a fast burn is critical (reported as status down, so it pages like an outage), a slow burn a
 * warning (status late), a resolution ok (status up). Pure: time is an argument.
 */
export function buildBurnAlertNotification(input: BurnAlertMessageInput): Notification {
  const spec = BURN_ALERTS.find((a) => a.kind === input.kind) ?? BURN_ALERTS[0];
  const hours = spec.longMs / 3_600_000;
  const share = `${spec.budgetShare * 100} % of the error budget`;
  const fired = input.phase === 'fired';
  const status = !fired ? 'up' : input.kind === 'fast' ? 'down' : 'late';
  const label = input.kind === 'fast' ? 'FAST BURN' : 'SLOW BURN';
  const subject = `${fired ? label : `${label} OVER`} | SLO ${input.sloName}`;
  const headline = fired
    ? `SLO "${input.sloName}" (${input.subjectText}) is burning its error budget ${round(input.longBurn)}× too fast: at this rate ${share} goes in ${hours} h.`
    : `SLO "${input.sloName}" (${input.subjectText}) no longer burns its error budget too fast.`;
  const fields = [
    { label: 'Target', value: `${input.targetPercent} % over ${input.windowText}` },
    { label: 'Burn rate', value: `${round(input.longBurn)}× over ${hours} h (alert at ${round(input.threshold)}×)` },
    { label: fired ? 'Since' : 'Resolved', value: formatUtc(input.at) },
  ];
  const text = [headline, '', ...fields.map((f) => `${f.label}: ${f.value}`), '', input.link].join('\n');
  const severity = !fired ? 'ok' : input.kind === 'fast' ? 'critical' : ('warning' as const);
  return {
    event: 'slo_burn',
    checkId: input.sloId,
    checkName: `SLO ${input.sloName}`,
    status,
    previousStatus: null,
    severity,
    color: SEVERITY_COLORS[severity],
    subject,
    headline,
    fields,
    at: input.at,
    link: input.link,
    ackLink: null,
    text,
    short: `upmon: ${subject}. ${input.link}`,
    reasonText: fired ? `${input.kind} burn of the error budget` : 'burn rate back below the alert',
    detail: null,
    tags: [],
    values: {
      event: 'slo_burn',
      check_id: input.sloId,
      check_name: `SLO ${input.sloName}`,
      status,
      previous_status: '',
      reason: `${input.kind}_burn`,
      ts: isoWithOffset(input.at),
      tags: '',
      subject,
      message: text,
    },
  };
}
