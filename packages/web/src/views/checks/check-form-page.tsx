import type { ProjectAccess } from '../../http/project-access.js';
import { isProbedKind, PROBED_KINDS, type CheckKind } from '@upmon/core';
import { PROBE_KINDS } from '@upmon/probes';
import { CHECK_FORM_FIELDS, type CheckFormValues } from '../../forms/check-form.js';
import { CsrfField } from '../csrf-field.js';
import { Checkbox, FormProblems, SelectField, TextArea, TextField, type FormErrors } from '../form-fields.js';
import { Layout, type Crumb } from '../layout.js';
import type { PageContext } from '../page-context.js';
import type { TestProbeResult } from '@upmon/domain';
import { ConditionRows, ProbeFieldset } from './probe-fieldset.js';
import { ProbeResultPanel } from './probe-result-panel.js';
import { ManagedByCodeNotice } from '../managed-by-code-notice.js';

/** Every IANA zone the runtime knows (what the API accepts). */
const ZONES = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')].map((z) => ({ value: z, label: z }));

export interface CheckFormProps {
  page: PageContext;
  access: ProjectAccess;
  kind: CheckKind;
  values: CheckFormValues;
  errors: FormErrors;
  /** Where the form posts; null for the create form's own URL. */
  action: string;
  mode: 'create' | 'edit';
  crumbs: Crumb[];
  checkName?: string;
  /** The edited check's key when it is managed by code (a warning above the form). */
  codeKey?: string | null;
  /** The project's other checks, offered as dependencies. */
  otherChecks: { id: string; name: string }[];
  /** Where "Test now" posts the form (probed kinds). */
  testAction?: string;
  /** The result of "Test now", shown above the form. */
  probeResult?: TestProbeResult | null;
}

/** The create form's tabs: one per kind, with what it watches (a probed kind's words from its definition). */
const KIND_TABS: { kind: CheckKind; title: string; tab: string }[] = [
  { kind: 'heartbeat', title: 'heartbeat', tab: 'Heartbeat (your job pings upmon)' },
  ...PROBED_KINDS.map((kind) => ({ kind, title: PROBE_KINDS[kind].words.title, tab: PROBE_KINDS[kind].words.tab })),
];

export function CheckFormPage(props: CheckFormProps) {
  const { page, access, kind, values: v, errors } = props;
  const kindTitle = KIND_TABS.find((t) => t.kind === kind)?.title ?? kind;
  const title = props.mode === 'create' ? `New ${kindTitle} check` : `Edit ${props.checkName ?? 'check'}`;
  const base = `/projects/${access.project.id}/checks/new`;
  /** A field's name, its value in the form and its messages: the name written once. */
  const field = (name: string) => ({ name, value: v[name], errors });
  const checkbox = (name: string) => ({ name, checked: v[name] !== '', errors });
  return (
    <Layout page={page} title={title} crumbs={props.crumbs}>
      <h1>{title}</h1>
      <ManagedByCodeNotice what="check" codeKey={props.codeKey} />
      {props.mode === 'create' ? (
        <nav aria-label="Kind of check" class="tabs">
          {KIND_TABS.map((t) => (
            <a
              href={t.kind === 'heartbeat' ? base : `${base}?kind=${t.kind}`}
              class={kind === t.kind ? 'tab current' : 'tab'}
              aria-current={kind === t.kind ? 'page' : undefined}
            >
              {t.tab}
            </a>
          ))}
        </nav>
      ) : null}
      <FormProblems errors={errors} fields={CHECK_FORM_FIELDS} />
      {props.probeResult ? <ProbeResultPanel result={props.probeResult} /> : null}
      <form method="post" action={props.action} class="stack check-form" data-preview-url="/schedule-preview" novalidate>
        <CsrfField token={page.csrf} />
        <input type="hidden" name="kind" value={kind} />
        {/* The target first: what a probed check probes is what a person came to fill in. */}
        {kind === 'http' ? (
          <fieldset>
            <legend>What to probe</legend>
            <TextField {...field('http_config.url')} label="URL" type="url" required maxLength={2048} />
            <div class="form-row">
              <SelectField {...field('http_config.method')} label="Method" options={['GET', 'HEAD', 'POST'].map((m) => ({ value: m, label: m }))} />
              <TextField {...field('http_config.timeout_sec')} label="Timeout (seconds)" inputmode="numeric" hint="1 to 30." />
              <TextField {...field('http_config.confirmations')} label="Failures before down" inputmode="numeric" hint="1 to 5 in a row." />
            </div>
            <TextField {...field('http_config.expected_codes')} label="Expected status codes" hint="Codes (200) or classes (2xx), separated by commas." />
            <TextField {...field('http_config.keyword')} label="Keyword" maxLength={1000} hint="Optional text the response must contain." />
            <Checkbox {...checkbox('http_config.keyword_absent')} label="Fail when the keyword IS found instead" />
            <Checkbox {...checkbox('http_config.follow_redirects')} label="Follow redirects" />
            <TextArea {...field('http_config.headers')} label="Request headers" rows={3} hint="One per line: Name: value. Stored encrypted." />
            <div class="form-row">
              <TextField {...field('http_config.basic_auth.username')} label="Basic auth user" autocomplete="off" />
              <TextField {...field('http_config.basic_auth.password')} label="Basic auth password" type="password" autocomplete="new-password" />
            </div>
            <SelectField
              {...field('http_config.ssl_days_before')}
              label="Warn before the TLS certificate expires"
              options={['7', '14', '30'].map((d) => ({ value: d, label: `${d} days` }))}
            />
            <ConditionRows definition={PROBE_KINDS.http} values={v} errors={errors} />
          </fieldset>
        ) : null}
        {/* http's form above is laid out by hand; every other probed kind's is drawn from its definition. */}
        {kind !== 'http' && isProbedKind(kind) ? <ProbeFieldset definition={PROBE_KINDS[kind]} values={v} errors={errors} /> : null}
        <TextField {...field('name')} label="Name" required maxLength={255} />
        {props.mode === 'create' ? (
          <TextField
            {...field('slug')}
            label="Slug"
            maxLength={100}
            hint="Optional. For ping URLs by name: /<project ping key>/<slug>. Lower-case letters, digits, - and _."
          />
        ) : null}
        <TextArea {...field('description')} label="Description" maxLength={10_000} />
        <TextField {...field('tags')} label="Tags" hint="Separated by spaces or commas. Integrations can notify about tagged checks only." />

        <fieldset>
          <legend>{kind !== 'heartbeat' ? 'How often to probe' : 'When the job runs'}</legend>
          <SelectField
            {...field('schedule.kind')}
            label="Schedule"
            options={[
              { value: 'period', label: 'Every N seconds (period)' },
              { value: 'cron', label: 'Cron expression' },
              { value: 'oncalendar', label: 'systemd OnCalendar expression' },
            ]}
          />
          <div data-schedule-kind="period">
            <TextField {...field('schedule.period_sec')} label="Period in seconds" inputmode="numeric" hint="60 to 31536000: 3600 is an hour, 86400 a day." />
          </div>
          <div data-schedule-kind="cron">
            <TextField
              {...field('schedule.cron')}
              label="Cron expression"
              maxLength={255}
              hint="Five fields: minute hour day-of-month month day-of-week, e.g. 30 2 * * 1-5."
            />
          </div>
          <div data-schedule-kind="oncalendar">
            <TextField
              {...field('schedule.oncalendar')}
              label="OnCalendar expression"
              maxLength={255}
              hint="As in systemd timers, e.g. Mon..Fri *-*-* 02:30:00."
            />
          </div>
          <SelectField {...field('tz')} label="Time zone" options={ZONES} hint="Cron and OnCalendar times are read in this zone (daylight saving included)." />
          <div id="schedule-preview" class="preview" aria-live="polite" />
          <TextField
            {...field('grace_sec')}
            label="Grace period in seconds"
            inputmode="numeric"
            hint="How late a ping may be before the check goes late, then down: 30 to 2592000, and at most 10 periods."
          />
        </fieldset>

        {kind === 'heartbeat' ? (
          <fieldset>
            <legend>Run time</legend>
            <TextField
              {...field('min_run_sec')}
              label="Minimum run time (seconds)"
              inputmode="numeric"
              maxLength={15}
              hint="Optional, 1 to 86400. A success ping that ends a run (timed from its /start ping) sooner than this counts as a failure."
            />
          </fieldset>
        ) : null}

        <DependenciesFieldset checks={props.otherChecks} chosen={(v.depends_on ?? '').split(' ').filter((id) => id !== '')} errors={errors} />
        <div class="actions">
          <button type="submit" class="primary">
            {props.mode === 'create' ? 'Create check' : 'Save changes'}
          </button>
          {kind !== 'heartbeat' && props.testAction ? (
            <button type="submit" formaction={props.testAction} formnovalidate class="secondary">
              Test now
            </button>
          ) : null}
          <a href={props.crumbs[props.crumbs.length - 2]?.href ?? '/projects'}>Cancel</a>
        </div>
      </form>
    </Layout>
  );
}

/**
 * The checks this one depends on: while one of them is down, this check's down alerts are held
 * (and dropped if it recovers first). Checkboxes, so it works without scripts and with a keyboard.
 */
function DependenciesFieldset(props: { checks: { id: string; name: string }[]; chosen: string[]; errors: FormErrors }) {
  const messages = Object.entries(props.errors)
    .filter(([k]) => k === 'depends_on' || k.startsWith('depends_on.'))
    .flatMap(([, m]) => m);
  return (
    <fieldset class="dependencies" aria-describedby="depends_on-hint">
      <legend>Depends on</legend>
      <p class="hint" id="depends_on-hint">
        Optional, at most 20. While a check ticked here is down, this check&apos;s down alerts wait; if this check recovers first they are not sent at all, and
        if it is still down when they have recovered, one alert says which was down.
      </p>
      {messages.length ? <p class="error">{messages.join('; ')}</p> : null}
      {props.checks.length === 0 ? (
        <p class="muted">No other checks in this project yet.</p>
      ) : (
        <div class="dependency-list">
          {props.checks.map((c) => (
            <Checkbox name="depends_on" value={c.id} label={c.name} checked={props.chosen.includes(c.id)} />
          ))}
        </div>
      )}
    </fieldset>
  );
}
