import type { CheckKind, CheckStatus, FlipReason } from '../state/types.js';
import { formatDuration, formatUtc, isoWithOffset } from './durations.js';
import type { MessageEvent, NotifyEvent } from './events.js';
import { reasonInWords } from './reasons.js';
import type { TemplateValues } from './template.js';

export interface MessageCheck {
  id: string;
  name: string;
  kind: CheckKind;
  tags: readonly string[];
}

export interface MessageFlip {
  oldStatus: CheckStatus;
  newStatus: CheckStatus;
  reason: FlipReason;
  ts: Date;
}

/** Why a notification was held: quiet hours, its check was flapping, a dependency was down, or maintenance. */
export type HoldCause = 'quiet_hours' | 'flapping' | 'dependency' | 'maintenance';

/** One held notification, listed in the digest. */
export interface HeldEvent {
  event: NotifyEvent | 'reminder';
  ts: Date;
  /** Default `quiet_hours`. */
  cause?: HoldCause;
  /** cause `dependency`: the name of the dependency that was down (null if it was deleted since). */
  dependencyName?: string | null;
  /** cause `maintenance`: the name of the window that held it (null if it was deleted since). */
  maintenanceName?: string | null;
}

/** A digest lists at most this many held events (the latest), so a long episode stays one readable message. */
export const DIGEST_LISTED_MAX = 20;

interface Common {
  check: MessageCheck;
  /** When the message is built (for "down for …" on reminders and digests). */
  now: Date;
  /** Base URL of the web app; the message links to `<base>/checks/<id>`. */
  appBaseUrl: string;
  /**
   * A signed link that acknowledges the down episode (down alerts and reminders): listed as
   * "Acknowledge: <link>" in every channel's message (docs/notifications.md, "Acknowledgement").
   */
  ackLink?: string | null;
}

export type MessageInput =
  | (Common & {
      event: NotifyEvent;
      flip: MessageFlip;
      /** When the check entered the previous status (for recoveries: "it was down for …"). */
      previousSince: Date | null;
      /** For exit flips: the exit status of the ping, when known. */
      exitStatus?: number | null;
      /**
       * A short explanation from the ping that caused the flip: for probed kinds the probe's
       * result (failed conditions, status, timeout, DNS answer, certificate).
       */
      detail?: string | null;
    })
  | (Common & {
      event: 'reminder';
      /** When the check went down (the down flip being reminded of). */
      downSince: Date;
      /** The down flip's reason. */
      reason?: FlipReason | null;
      detail?: string | null;
    })
  | (Common & {
      event: 'digest';
      /** The check's status when the digest is built. */
      status: CheckStatus;
      /** When the check entered that status, when known. */
      since: Date | null;
      held: readonly HeldEvent[];
    });

export type Severity = 'critical' | 'warning' | 'ok' | 'info';

export interface Field {
  label: string;
  value: string;
}

/** Everything a channel needs to say about one event; channels only choose the format. */
export interface Notification {
  event: MessageEvent;
  checkId: string;
  checkName: string;
  /** The status this message reports (the new one, `down` for reminders, the latest for digests). */
  status: CheckStatus;
  previousStatus: CheckStatus | null;
  severity: Severity;
  /** Hex colour for chat attachments: red, amber, green, grey. */
  color: string;
  /** E-mail subject and chat title: `DOWN | backup`. */
  subject: string;
  /** One sentence: `backup is DOWN: no ping arrived …`. */
  headline: string;
  fields: Field[];
  /** When the event happened (flip time; build time for reminders and digests). */
  at: Date;
  link: string;
  /** The signed acknowledgement link, when the message has one (also in `fields`, `text` and `short`). */
  ackLink: string | null;
  /** Plain text: headline, fields, link, one per line. */
  text: string;
  /** One line for SMS. */
  short: string;
  /** The reason in words (the `reason` placeholder carries the flip's reason code). */
  reasonText: string;
  /** Why, in the check's own terms: a probed check's result (`detail` placeholder); null otherwise. */
  detail: string | null;
  tags: readonly string[];
  /** Webhook placeholder values (docs/api-contract.md). */
  values: TemplateValues;
}

export const SEVERITY_COLORS: Record<Severity, string> = {
  critical: '#d9342b',
  warning: '#f0a92e',
  ok: '#2eb67d',
  info: '#808080',
};

function severityOf(status: CheckStatus): Severity {
  if (status === 'down') return 'critical';
  if (status === 'late') return 'warning';
  if (status === 'up') return 'ok';
  return 'info';
}

const upper = (s: string) => s.toUpperCase();
const dependencyWords = (h: HeldEvent) => h.dependencyName ?? 'a deleted check';
const maintenanceWords = (h: HeldEvent) => (h.maintenanceName ? `maintenance ${JSON.stringify(h.maintenanceName)}` : 'a maintenance window');
const heldLabel = (e: HeldEvent['event']) => (e === 'reminder' ? 'still down (reminder)' : upper(e));

export function checkLink(appBaseUrl: string, checkId: string): string {
  return `${appBaseUrl.replace(/\/+$/, '')}/checks/${checkId}`;
}

/** First path segment of the signed acknowledgement links (the api's web app answers them). */
export const ACK_LINK_SEGMENT = 'ack';

/** `<base>/ack/<token>`: the page behind an alert's acknowledgement link. */
export function ackLinkUrl(appBaseUrl: string, token: string): string {
  return `${appBaseUrl.replace(/\/+$/, '')}/${ACK_LINK_SEGMENT}/${token}`;
}

/** Builds the words of a notification. Pure: every time is in the input. */
export function buildNotification(input: MessageInput): Notification {
  const { check } = input;
  const link = checkLink(input.appBaseUrl, check.id);
  const fields: Field[] = [];
  let status: CheckStatus;
  let previousStatus: CheckStatus | null;
  let subject: string;
  let headline: string;
  let reason: string;
  /** The machine-readable reason for webhooks: the flip's reason code. */
  let reasonCode = '';
  let at: Date;

  switch (input.event) {
    case 'down':
    case 'up':
    case 'late': {
      const { flip } = input;
      status = flip.newStatus;
      previousStatus = flip.oldStatus;
      at = flip.ts;
      reason = reasonInWords(check.kind, flip.reason, flip.oldStatus, flip.newStatus, input.exitStatus);
      reasonCode = flip.reason;
      subject = `${upper(status)} | ${check.name}`;
      headline = `${check.name} is ${upper(status)}: ${reason}.`;
      fields.push({ label: 'Status', value: `${upper(status)} (was ${upper(flip.oldStatus)})` });
      fields.push({ label: 'Reason', value: reason });
      if (input.detail) fields.push({ label: 'Details', value: input.detail });
      fields.push({ label: 'When', value: formatUtc(flip.ts) });
      if (input.event === 'up' && input.previousSince) {
        const was = flip.oldStatus === 'down' ? 'Down for' : 'Late for';
        fields.push({
          label: was,
          value: `${formatDuration(flip.ts.getTime() - input.previousSince.getTime())} (since ${formatUtc(input.previousSince)})`,
        });
      }
      break;
    }
    case 'reminder': {
      status = 'down';
      previousStatus = 'down';
      at = input.now;
      const downFor = formatDuration(input.now.getTime() - input.downSince.getTime());
      reason = `still down after ${downFor}`;
      reasonCode = input.reason ?? '';
      subject = `STILL DOWN | ${check.name}`;
      headline = `${check.name} is still DOWN, for ${downFor} now (since ${formatUtc(input.downSince)}).`;
      fields.push({ label: 'Status', value: 'DOWN' });
      fields.push({ label: 'Down for', value: `${downFor} (since ${formatUtc(input.downSince)})` });
      if (input.detail) fields.push({ label: 'Details', value: input.detail });
      break;
    }
    case 'digest': {
      status = input.status;
      previousStatus = null;
      at = input.now;
      const held = [...input.held].sort((a, b) => a.ts.getTime() - b.ts.getTime());
      const n = held.length;
      const whileDown = (h: HeldEvent) => (h.cause === 'dependency' ? ` (held while ${dependencyWords(h)} was down)` : '');
      const listed = held.slice(-DIGEST_LISTED_MAX).map((h) => `${heldLabel(h.event)} at ${formatUtc(h.ts)}${whileDown(h)}`);
      if (n > listed.length) listed.unshift(`(${n - listed.length} earlier not listed)`);
      const since = input.since ? ` since ${formatUtc(input.since)}` : '';
      const forHowLong = input.since ? ` (for ${formatDuration(input.now.getTime() - input.since.getTime())})` : '';
      if (held.some((h) => h.cause === 'flapping')) {
        const changes = held.filter((h) => h.event !== 'reminder');
        const c = changes.length;
        const first = changes[0] ?? held[0];
        const last = changes[c - 1] ?? held[n - 1];
        const span = first && last && c > 1 ? ` between ${formatUtc(first.ts)} and ${formatUtc(last.ts)}` : first ? ` at ${formatUtc(first.ts)}` : '';
        reason = `flapping: ${c} status change${c === 1 ? '' : 's'} collapsed into one message`;
        reasonCode = 'flapping';
        subject = `${upper(status)} | ${check.name} (flapping, ${c} change${c === 1 ? '' : 's'})`;
        headline = `${check.name} is flapping: ${c} status change${c === 1 ? '' : 's'}${span} ${c === 1 ? 'was' : 'were'} collapsed into this message. It is ${upper(status)} now${since}${forHowLong}.`;
        fields.push({ label: 'Status now', value: `${upper(status)}${since}${forHowLong}` });
        fields.push({ label: 'Flapping', value: `${c} status change${c === 1 ? '' : 's'} not sent one by one` });
        fields.push({ label: 'Changes', value: listed.join('\n') });
      } else if (held.some((h) => h.cause === 'maintenance')) {
        // Held during maintenance, sent once when it ended and the check was still not up
        // (docs/notifications.md, "Maintenance windows").
        const windows = [...new Set(held.filter((h) => h.cause === 'maintenance').map(maintenanceWords))].join(', ');
        reason = `${n} notification${n === 1 ? '' : 's'} held during ${windows}, which has ended`;
        reasonCode = 'maintenance';
        subject = `${upper(status)} | ${check.name} (still ${upper(status)} after maintenance)`;
        headline = `${windows} has ended and ${check.name} is still ${upper(status)}${since}${forHowLong}. Held during the maintenance: ${listed.join('; ')}.`;
        fields.push({ label: 'Status now', value: `${upper(status)}${since}${forHowLong}` });
        fields.push({ label: 'Held because', value: `${windows} was in progress` });
        fields.push({ label: 'Held events', value: listed.join('\n') });
      } else if (held.some((h) => h.cause === 'dependency')) {
        // A down (or its reminder) held while a dependency was down, sent now that the
        // dependencies are up again and this check is not (docs/notifications.md, "Dependencies").
        const deps = [...new Set(held.filter((h) => h.cause === 'dependency').map(dependencyWords))].join(', ');
        reason = `held while its dependency ${deps} was down`;
        reasonCode = 'dependency';
        subject = `${upper(status)} | ${check.name} (held while ${deps} was down)`;
        headline = `${check.name} is ${upper(status)}${since}${forHowLong}. This alert was held while its dependency ${deps} was down, which has recovered since: ${listed.join('; ')}.`;
        fields.push({ label: 'Status now', value: `${upper(status)}${since}${forHowLong}` });
        fields.push({ label: 'Held because', value: `its dependency ${deps} was down` });
        fields.push({ label: 'Held events', value: listed.join('\n') });
      } else {
        reason = `${n} notification${n === 1 ? '' : 's'} held during quiet hours`;
        subject = `${upper(status)} | ${check.name} (${n} held during quiet hours)`;
        headline = `${check.name} is ${upper(status)}${since}${forHowLong}. During quiet hours: ${listed.join('; ')}.`;
        fields.push({ label: 'Status now', value: `${upper(status)}${since}${forHowLong}` });
        fields.push({ label: 'Held events', value: listed.join('\n') });
      }
      break;
    }
  }

  if (check.tags.length > 0) fields.push({ label: 'Tags', value: check.tags.join(' ') });
  const ackLink = input.ackLink ?? null;
  if (ackLink) fields.push({ label: 'Acknowledge', value: ackLink });
  const severity = severityOf(status);
  const fieldLine = (f: Field) => (f.value.includes('\n') ? `${f.label}:\n  ${f.value.split('\n').join('\n  ')}` : `${f.label}: ${f.value}`);
  const text = [headline, '', ...fields.map(fieldLine), '', link].join('\n');
  const detail = input.event === 'digest' ? null : (input.detail ?? null);
  // SMS too says what the probe saw, cut short (the link has the rest).
  const smsDetail = detail ? ` ${detail.length > 120 ? `${detail.slice(0, 119)}…` : detail}.` : '';
  const short = `upmon: ${subject}. ${reason}.${smsDetail} ${link}${ackLink ? ` Acknowledge: ${ackLink}` : ''}`;

  const values: TemplateValues = {
    event: input.event,
    check_id: check.id,
    check_name: check.name,
    status,
    previous_status: previousStatus ?? '',
    reason: reasonCode,
    ts: isoWithOffset(at),
    tags: check.tags.join(' '),
    subject,
    message: text,
    ...(detail ? { detail } : {}),
  };

  return {
    event: input.event,
    checkId: check.id,
    checkName: check.name,
    status,
    previousStatus,
    severity,
    color: SEVERITY_COLORS[severity],
    subject,
    headline,
    fields,
    at,
    link,
    ackLink,
    text,
    short,
    reasonText: reason,
    detail,
    tags: check.tags,
    values,
  };
}
