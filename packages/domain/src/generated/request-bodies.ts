// Generated from the joi definitions of @upmon/domain by test/request-bodies.test.ts: do not edit.
// Each request body as its validator returns it (fields with a default are always present).

export type QuietHours = {
  from: string;
  to: string;
  tz: string;
} | null;
/**
 * Default {max_changes: 6, window_minutes: 60}: a check that changes status more than max_changes times within window_minutes stops sending one message per change; the rest arrive as one digest. null: every change is sent.
 */
export type Flapping = {
  max_changes: number;
  window_minutes: number;
} | null;

export interface ScheduleInput {
  kind: 'period' | 'cron' | 'oncalendar';
  /**
   * Kind period only (required there).
   */
  period_sec?: number;
  /**
   * Kind cron only (required there): a 5-field cron expression.
   */
  cron?: string;
  /**
   * Kind oncalendar only (required there): a systemd OnCalendar expression.
   */
  oncalendar?: string;
  /**
   * IANA time zone name
   */
  tz?: string;
}
export interface HttpCondition {
  type: 'status_code' | 'json_body' | 'header' | 'response_time' | 'certificate_days';
  /**
   * status_code, response_time, certificate_days: equals, not_equals, less_than, greater_than (response_time and certificate_days: less_than, greater_than); header: equals, not_equals, contains, exists; json_body: all.
   */
  operator: 'equals' | 'not_equals' | 'less_than' | 'greater_than' | 'contains' | 'exists';
  /**
   * json_body only: a JSON Pointer (/a/0/b) or a JSONPath ($.a[0].b; no wildcards, filters or slices).
   */
  path?: string;
  /**
   * header only: the header name.
   */
  name?: string;
  /**
   * Absent with exists. status_code: an integer 100–599; response_time: ms, 1–60000; certificate_days: −3650–3650; header: text; json_body: a number with less_than/greater_than, else a JSON scalar. Text at most 1000 characters.
   */
  value?: {
    [k: string]: unknown;
  };
}
export interface HttpConfig {
  url: string;
  method: 'GET' | 'HEAD' | 'POST';
  timeout_sec: number;
  /**
   * @minItems 1
   * @maxItems 50
   */
  expected_codes: string[];
  keyword?: string;
  keyword_absent: boolean;
  follow_redirects: boolean;
  headers?: {
    [k: string]: string;
  };
  basic_auth?: {
    username: string;
    password: string;
  };
  ssl_days_before: 7 | 14 | 30;
  confirmations: number;
  /**
   * Evaluated on every probe; each failing one fails the probe and is named in its result (docs/probe-checks.md, "Conditions").
   *
   * @maxItems 20
   */
  conditions?: HttpCondition[];
}
export interface TcpCondition {
  type: 'response_time' | 'certificate_days';
  /**
   * status_code, response_time, certificate_days: equals, not_equals, less_than, greater_than (response_time and certificate_days: less_than, greater_than); header: equals, not_equals, contains, exists; json_body: all.
   */
  operator: 'equals' | 'not_equals' | 'less_than' | 'greater_than' | 'contains' | 'exists';
  /**
   * json_body only: a JSON Pointer (/a/0/b) or a JSONPath ($.a[0].b; no wildcards, filters or slices).
   */
  path?: string;
  /**
   * header only: the header name.
   */
  name?: string;
  /**
   * Absent with exists. status_code: an integer 100–599; response_time: ms, 1–60000; certificate_days: −3650–3650; header: text; json_body: a number with less_than/greater_than, else a JSON scalar. Text at most 1000 characters.
   */
  value?: {
    [k: string]: unknown;
  };
}
export interface TcpConfig {
  host: string;
  port: number;
  tls: boolean;
  sni?: string;
  /**
   * Sent once connected: text (UTF-8, at most 4096 bytes), or with send_format hex pairs of hex digits. Stored encrypted.
   */
  send?: string;
  send_format: 'text' | 'hex';
  expect?: string;
  timeout_sec: number;
  confirmations: number;
  ssl_days_before: 7 | 14 | 30;
  /**
   * Evaluated on every probe; each failing one fails the probe and is named in its result (docs/probe-checks.md, "Conditions").
   *
   * @maxItems 20
   */
  conditions: TcpCondition[];
}
export interface DnsCondition {
  type: 'response_time';
  /**
   * status_code, response_time, certificate_days: equals, not_equals, less_than, greater_than (response_time and certificate_days: less_than, greater_than); header: equals, not_equals, contains, exists; json_body: all.
   */
  operator: 'equals' | 'not_equals' | 'less_than' | 'greater_than' | 'contains' | 'exists';
  /**
   * json_body only: a JSON Pointer (/a/0/b) or a JSONPath ($.a[0].b; no wildcards, filters or slices).
   */
  path?: string;
  /**
   * header only: the header name.
   */
  name?: string;
  /**
   * Absent with exists. status_code: an integer 100–599; response_time: ms, 1–60000; certificate_days: −3650–3650; header: text; json_body: a number with less_than/greater_than, else a JSON scalar. Text at most 1000 characters.
   */
  value?: {
    [k: string]: unknown;
  };
}
export interface DnsConfig {
  name: string;
  record_type: 'A' | 'AAAA' | 'CNAME' | 'MX' | 'TXT' | 'NS' | 'SOA' | 'SRV' | 'CAA';
  resolver?: string;
  /**
   * @maxItems 20
   */
  expected: string[];
  match: 'any' | 'all';
  timeout_sec: number;
  confirmations: number;
  /**
   * Evaluated on every probe; each failing one fails the probe and is named in its result (docs/probe-checks.md, "Conditions").
   *
   * @maxItems 20
   */
  conditions: DnsCondition[];
}
export interface TlsCondition {
  type: 'response_time' | 'certificate_days';
  /**
   * status_code, response_time, certificate_days: equals, not_equals, less_than, greater_than (response_time and certificate_days: less_than, greater_than); header: equals, not_equals, contains, exists; json_body: all.
   */
  operator: 'equals' | 'not_equals' | 'less_than' | 'greater_than' | 'contains' | 'exists';
  /**
   * json_body only: a JSON Pointer (/a/0/b) or a JSONPath ($.a[0].b; no wildcards, filters or slices).
   */
  path?: string;
  /**
   * header only: the header name.
   */
  name?: string;
  /**
   * Absent with exists. status_code: an integer 100–599; response_time: ms, 1–60000; certificate_days: −3650–3650; header: text; json_body: a number with less_than/greater_than, else a JSON scalar. Text at most 1000 characters.
   */
  value?: {
    [k: string]: unknown;
  };
}
export interface TlsConfig {
  host: string;
  port: number;
  sni?: string;
  days_before_expiry: number;
  timeout_sec: number;
  confirmations: number;
  /**
   * Evaluated on every probe; each failing one fails the probe and is named in its result (docs/probe-checks.md, "Conditions").
   *
   * @maxItems 20
   */
  conditions: TlsCondition[];
}
export interface CheckBody {
  name: string;
  /**
   * Set on create only; ignored by PATCH. tcp, dns and tls are additions to the spec (docs/probe-checks.md). `schedule` is required for heartbeat checks; a probed kind without one is probed every 60 s (an addition to the spec).
   */
  kind: 'heartbeat' | 'http' | 'tcp' | 'dns' | 'tls';
  /**
   * Create only (ignored by PATCH); unique within the project.
   */
  slug?: string;
  description?: string | null;
  /**
   * @maxItems 100
   */
  tags: string[];
  /**
   * IANA time zone name (default: the schedule's tz, else UTC); a legacy name (Europe/Kiev, UCT, CET…) is stored as its canonical zone (Europe/Kyiv, Etc/UTC…).
   */
  tz?: string;
  /**
   * For period schedules at most 10 × period_sec.
   */
  grace_sec: number;
  schedule?: ScheduleInput;
  /**
   * An addition to the spec. Heartbeat checks only (probed kinds: 422 unless null): a success ping ending a run (measured from its start ping) shorter than this many seconds counts as a failure, flip reason `short_run`. null: no minimum (the default).
   */
  min_run_sec?: null | (number | null);
  /**
   * An addition to the spec. Probed kinds only: the locations the check is probed from (docs/locations.md): the installation's public locations and the account's own live private locations (their codes); any other name is a 422 that names it and lists the valid ones. Empty (the default): every public location of the installation.
   *
   * @maxItems 20
   */
  locations: string[];
  /**
   * An addition to the spec. Probed kinds only: how many of its live locations must each confirm a failure before the check is down (and answer again before it is up); null (the default): a majority. Counted among live locations (at most their number); at most the number of `locations` it names.
   */
  quorum: number | null;
  /**
   * An addition to the spec. Ids of other checks of the same project this check depends on (default none; PATCH replaces the list). While one of them is down, this check's down alerts are held, and dropped if this check recovers first (docs/notifications.md, "Dependencies"). 422 for an id that is not a check of this project, the check itself, or a change that would close a cycle (the message names it).
   *
   * @maxItems 20
   */
  depends_on?: string[];
  http_config?: HttpConfig;
  tcp_config?: TcpConfig;
  dns_config?: DnsConfig;
  tls_config?: TlsConfig;
}
export interface SnoozeInput {
  /**
   * 1h, 4h, tomorrow_0900 (the next calendar day at 09:00 in `tz`), or until_recovery (until the check next recovers)
   */
  duration: '1h' | '4h' | 'tomorrow_0900' | 'until_recovery';
  /**
   * tomorrow_0900 only: the IANA zone whose 09:00 is meant (default: the check's zone)
   */
  tz?: string;
}
export interface IntegrationBody {
  /**
   * Cannot be changed by PATCH (422).
   */
  kind:
    | 'email'
    | 'webhook'
    | 'slack'
    | 'msteams'
    | 'discord'
    | 'mattermost'
    | 'googlechat'
    | 'rocketchat'
    | 'zulip'
    | 'matrix'
    | 'telegram'
    | 'sms'
    | 'pagerduty'
    | 'opsgenie'
    | 'victorops'
    | 'pushover'
    | 'ntfy'
    | 'gotify';
  name: string;
  /**
   * @maxItems 3
   */
  events: ('down' | 'up' | 'late')[];
  /**
   * Only checks with one of these tags notify; null = all checks.
   *
   * @maxItems 100
   */
  tags: string[] | null;
  enabled: boolean;
  quiet_hours: QuietHours;
  /**
   * @maxItems 20
   */
  reminders: number[] | null;
  flapping: Flapping;
  /**
   * An addition to the spec (escalation): minutes after a check goes down before this integration is notified, only if the check is still down and not acknowledged by then; its reminders and the recovery follow only once it was. 0 or null: at once.
   */
  escalate_after_min: number | null;
  /**
   * The settings of the kind (telegram: none; docs/notifications.md, "Channels"). Stored encrypted, never returned.
   */
  config?:
    | EmailConfig
    | WebhookConfig
    | SlackConfig
    | MsteamsConfig
    | DiscordConfig
    | MattermostConfig
    | GooglechatConfig
    | RocketchatConfig
    | ZulipConfig
    | MatrixConfig
    | TelegramConfig
    | SmsConfig
    | PagerdutyConfig
    | OpsgenieConfig
    | VictoropsConfig
    | PushoverConfig
    | NtfyConfig
    | GotifyConfig;
}
export interface EmailConfig {
  email: string;
}
export interface WebhookConfig {
  url: string;
  secret?: string;
  body_template?: string;
  content_type?: string;
}
export interface SlackConfig {
  webhook_url: string;
}
export interface MsteamsConfig {
  webhook_url: string;
}
export interface DiscordConfig {
  webhook_url: string;
}
export interface MattermostConfig {
  webhook_url: string;
}
export interface GooglechatConfig {
  webhook_url: string;
}
export interface RocketchatConfig {
  webhook_url: string;
}
export interface ZulipConfig {
  site_url: string;
  bot_email: string;
  api_key: string;
  stream: string;
  topic?: string;
}
export interface MatrixConfig {
  homeserver_url: string;
  room_id: string;
  access_token: string;
}
export interface TelegramConfig {}
export interface SmsConfig {
  phone: string;
}
export interface PagerdutyConfig {
  routing_key: string;
}
export interface OpsgenieConfig {
  api_key: string;
  region: 'us' | 'eu';
}
export interface VictoropsConfig {
  api_key: string;
  routing_key: string;
}
export interface PushoverConfig {
  user_key: string;
  app_token: string;
  priority_down: -1 | 0 | 1 | 2;
  retry_sec: number;
  expire_sec: number;
}
export interface NtfyConfig {
  server_url: string;
  topic: string;
  token?: string;
}
export interface GotifyConfig {
  server_url: string;
  app_token: string;
}
export interface MaintenanceBody {
  name: string;
  /**
   * One-off window: its start (with ends_at); an ISO 8601 time with an offset (Z or +hh:mm)
   */
  starts_at?: string;
  /**
   * One-off window: its end, after starts_at, at most 10080 minutes later, not in the past; an ISO 8601 time with an offset
   */
  ends_at?: string;
  /**
   * Recurring window: cron (five fields) or OnCalendar expression; each fire starts an occurrence
   */
  schedule?: string;
  /**
   * Recurring window: IANA zone the schedule is read in (default UTC); a legacy name (Europe/Kiev, UCT…) is stored as its canonical zone
   */
  tz?: string;
  /**
   * Recurring window: how long each occurrence lasts (elapsed minutes). Alone: a one-off window from now for this many minutes
   */
  duration_min?: number;
  /**
   * Only these checks of the project (null or absent, and no tags: the whole project)
   *
   * @minItems 1
   * @maxItems 100
   */
  checks?: string[] | null;
  /**
   * Only checks with any of these tags
   *
   * @minItems 1
   * @maxItems 100
   */
  tags?: string[] | null;
}
export interface StatusPageBody {
  title: string;
  /**
   * Off: the public URL answers 404
   */
  enabled: boolean;
  /**
   * @maxItems 20
   */
  groups: {
    /**
     * Its heading on the page; empty: its checks are listed without one
     */
    name: string;
    /**
     * Check uuids in the order shown
     *
     * @maxItems 100
     */
    checks: string[];
  }[];
}
export interface IncidentBody {
  title: string;
  /**
   * investigating, identified, monitoring or resolved
   */
  state: 'investigating' | 'identified' | 'monitoring' | 'resolved';
  /**
   * The first update
   */
  message: string;
  /**
   * What the incident affects, each a check or a group of the page with its impact
   *
   * @maxItems 50
   *
   * Items: Exactly one of check or group, with its impact
   */
  components: {
    /**
     * A check shown on the status page (uuid)
     */
    check?: string;
    /**
     * Or a named group of the status page, by its name
     */
    group?: string;
    /**
     * degraded_performance, partial_outage or major_outage
     */
    impact: 'degraded_performance' | 'partial_outage' | 'major_outage';
  }[];
}
export interface IncidentPatchBody {
  title?: string;
  /**
   * Replaces the affected components as a whole
   *
   * @maxItems 50
   *
   * Items: Exactly one of check or group, with its impact
   */
  components?: {
    /**
     * A check shown on the status page (uuid)
     */
    check?: string;
    /**
     * Or a named group of the status page, by its name
     */
    group?: string;
    /**
     * degraded_performance, partial_outage or major_outage
     */
    impact: 'degraded_performance' | 'partial_outage' | 'major_outage';
  }[];
}
export interface IncidentUpdateBody {
  /**
   * investigating, identified, monitoring or resolved
   */
  state: 'investigating' | 'identified' | 'monitoring' | 'resolved';
  /**
   * What is going on, for the public page: paragraphs, - or 1. lists, *emphasis*, **strong** and [links](https://…) (http, https, mailto); anything else is shown as typed
   */
  message: string;
}
export interface IncidentUpdateEditBody {
  /**
   * What is going on, for the public page: paragraphs, - or 1. lists, *emphasis*, **strong** and [links](https://…) (http, https, mailto); anything else is shown as typed
   */
  message: string;
}
export interface StatusPageSubscriberBody {
  /**
   * webhook (e-mail addresses subscribe on the public page, or come in by import)
   */
  kind: 'webhook';
  /**
   * Where each incident update is POSTed as JSON (through the outbound guard: no private or loopback addresses)
   */
  url: string;
}
export interface SubscriberImportBody {
  /**
   * Confirmed e-mail addresses, one per line, in the first column; a first line "email" is a header. Quotes as in RFC 4180.
   */
  csv: string;
}
export interface PrivateLocationInput {
  /**
   * Shown in the app and in alerts, e.g. "Office LAN" (spaces around it are dropped)
   */
  name: string;
}
export interface LocationKeyRotation {
  /**
   * How long the old key keeps working, in seconds (0: refused at once; at most 7 days)
   */
  grace_sec: number;
}
export interface RemoteProbeResults {
  /**
   * @minItems 1
   * @maxItems 100
   */
  results: {
    check_id: string;
    /**
     * The probe's slot, as the job gave it
     */
    scheduled_at: string;
    ok: boolean;
    warning: boolean;
    /**
     * Why no usable answer came; null when one did
     */
    failure: 'dns' | 'refused' | 'timeout' | 'tls' | 'blocked' | 'reset' | 'redirects' | 'other';
    /**
     * The result in words: the ping body and the alert's reason
     */
    explanation: string;
    method: string;
    /**
     * When it was judged; a time more than 5 minutes from the api's clock is replaced by the arrival time
     */
    at: string;
    phases: {
      dns_ms: number | null;
      connect_ms: number | null;
      tls_ms: number | null;
      first_byte_ms: number | null;
      total_ms: number;
    };
    certificate: {
      subject: string;
      issuer: string;
      /**
       * @maxItems 100
       */
      sans: string[];
      valid_from: string;
      valid_to: string;
      fingerprint256: string;
    } | null;
  }[];
}
export interface OncallScheduleInput {
  name: string;
  /**
   * Free text shown with the schedule
   */
  description?: string | null;
}
export interface OncallLayerInput {
  name: string;
  /**
   * Higher covers lower; default: above every layer of the schedule
   */
  position?: number;
  /**
   * User ids in rotation order (members of the account; one may appear more than once)
   *
   * @minItems 1
   * @maxItems 50
   */
  users: string[];
  /**
   * How long each turn lasts: days and weeks by the local calendar (a handoff keeps its local time), hours elapsed
   */
  rotation: {
    unit: 'hours' | 'days' | 'weeks';
    /**
     * Units per turn: hours 1–8760, days 1–365, weeks 1–52
     */
    count: number;
  };
  /**
   * Local date of the first user's first turn; sets the phase (and, weekly, the weekday) of the rotation
   */
  anchor_date: string;
  /**
   * Local time of each handoff (HH:MM)
   */
  handoff_time: string;
  /**
   * IANA zone of anchor_date, handoff_time and restrictions
   */
  tz: string;
  /**
   * The layer takes part from this time (null: always)
   */
  starts_at?: string | null;
  /**
   * …until this time (null: for ever)
   */
  ends_at?: string | null;
  /**
   * Empty: on duty all the time; else only within these weekly local windows, which may not overlap
   *
   * @maxItems 14
   */
  restrictions: {
    /**
     * ISO weekdays the window starts on: 1 = Monday … 7 = Sunday
     *
     * @minItems 1
     * @maxItems 7
     */
    days: number[];
    /**
     * Local time the window opens (HH:MM)
     */
    from: string;
    /**
     * Local time it closes (HH:MM); at or before `from`: on the next day (equal: 24 hours)
     */
    to: string;
  }[];
}
export interface OncallOverrideInput {
  /**
   * User id (a member of the account)
   */
  user: string;
  starts_at: string;
  /**
   * After starts_at, at most 366 days later
   */
  ends_at: string;
}
export interface SloBody {
  name: string;
  /**
   * The check the SLO is about (give check or tag, not both)
   */
  check?: string | null;
  /**
   * Every check of the project with this tag, their time summed (give check or tag, not both)
   */
  tag?: string | null;
  /**
   * Availability target in percent, 50–99.999 (99.9); at most 3 decimals
   */
  target: number;
  /**
   * Rolling 7, 28 or 30 days ending now, or the calendar month in tz
   */
  window: '7d' | '28d' | '30d' | 'calendar_month';
  /**
   * calendar_month only: the IANA zone whose months count (default UTC)
   */
  tz?: string;
  /**
   * Probed checks only: a latency objective besides availability (null: none)
   */
  latency?: {
    /**
     * A probe answered within this many ms is fast
     */
    threshold_ms: number;
    /**
     * Share of probes that must be fast, in percent (95); at most 3 decimals
     */
    target: number;
  } | null;
}
export interface OncallLayerPatch {
  name?: string;
  /**
   * Higher covers lower; default: above every layer of the schedule
   */
  position?: number;
  /**
   * User ids in rotation order (members of the account; one may appear more than once)
   *
   * @minItems 1
   * @maxItems 50
   */
  users?: string[];
  /**
   * How long each turn lasts: days and weeks by the local calendar (a handoff keeps its local time), hours elapsed
   */
  rotation?: {
    unit: 'hours' | 'days' | 'weeks';
    /**
     * Units per turn: hours 1–8760, days 1–365, weeks 1–52
     */
    count: number;
  };
  /**
   * Local date of the first user's first turn; sets the phase (and, weekly, the weekday) of the rotation
   */
  anchor_date?: string;
  /**
   * Local time of each handoff (HH:MM)
   */
  handoff_time?: string;
  /**
   * IANA zone of anchor_date, handoff_time and restrictions
   */
  tz?: string;
  /**
   * The layer takes part from this time (null: always)
   */
  starts_at?: string | null;
  /**
   * …until this time (null: for ever)
   */
  ends_at?: string | null;
  /**
   * Empty: on duty all the time; else only within these weekly local windows, which may not overlap
   *
   * @maxItems 14
   */
  restrictions?: {
    /**
     * ISO weekdays the window starts on: 1 = Monday … 7 = Sunday
     *
     * @minItems 1
     * @maxItems 7
     */
    days: number[];
    /**
     * Local time the window opens (HH:MM)
     */
    from: string;
    /**
     * Local time it closes (HH:MM); at or before `from`: on the next day (equal: 24 hours)
     */
    to: string;
  }[];
}
export interface OncallOverridePatch {
  /**
   * User id (a member of the account)
   */
  user?: string;
  starts_at?: string;
  /**
   * After starts_at, at most 366 days later
   */
  ends_at?: string;
}
export interface SloPatch {
  name?: string;
  /**
   * The check the SLO is about (give check or tag, not both)
   */
  check?: string | null;
  /**
   * Every check of the project with this tag, their time summed (give check or tag, not both)
   */
  tag?: string | null;
  /**
   * Availability target in percent, 50–99.999 (99.9); at most 3 decimals
   */
  target?: number;
  /**
   * Rolling 7, 28 or 30 days ending now, or the calendar month in tz
   */
  window?: '7d' | '28d' | '30d' | 'calendar_month';
  /**
   * calendar_month only: the IANA zone whose months count (default UTC)
   */
  tz?: string;
  /**
   * Probed checks only: a latency objective besides availability (null: none)
   */
  latency?: {
    /**
     * A probe answered within this many ms is fast
     */
    threshold_ms: number;
    /**
     * Share of probes that must be fast, in percent (95); at most 3 decimals
     */
    target: number;
  } | null;
}
