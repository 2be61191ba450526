import { roleAllows } from '@upmon/core';
import type { ProjectAccess } from '../../http/project-access.js';
import { channelKind, type FormField } from '@upmon/channels';
import { configFieldsOf, KIND_LABELS, type IntegrationFormValues } from '../../forms/integration-form.js';
import type { IntegrationKind } from '@upmon/db';
import type { DeliveryRow } from '../../queries/check-deliveries.js';
import { CopyBlock } from '../copy-block.js';
import { DeliveryLogTable } from '../delivery-log-table.js';
import { CsrfField } from '../csrf-field.js';
import { Checkbox, FormProblems, SelectField, TextArea, TextField, type FormErrors } from '../form-fields.js';
import { Layout } from '../layout.js';
import type { PageContext } from '../page-context.js';
import { PostButton } from '../post-button.js';
import { ManagedByCodeNotice } from '../managed-by-code-notice.js';

const ZONES = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')].map((z) => ({ value: z, label: z }));

export interface IntegrationFormProps {
  page: PageContext;
  access: ProjectAccess;
  kind: IntegrationKind;
  values: IntegrationFormValues;
  errors: FormErrors;
  /** Absent on the create form. */
  integration?: { id: number; name: string; telegramLinked: boolean; emailVerified: boolean; codeKey: string | null };
  deliveries?: DeliveryRow[];
  /** A Telegram deep link just made: shown once. */
  telegramLink?: string;
  /** Since when (ms) a test notification is awaited. */
  testSince?: number;
  notice?: string;
}

export function IntegrationFormPage(props: IntegrationFormProps) {
  const { page, access, kind, values, errors, integration } = props;
  const base = `/projects/${access.project.id}/integrations`;
  const canWrite = roleAllows(access.role, 'integrations.write');
  const title = integration ? integration.name : `New ${KIND_LABELS[kind]} integration`;
  const v = values.text;
  const configFields = configFieldsOf(kind);
  return (
    <Layout
      page={page}
      title={title}
      crumbs={[
        { label: 'Projects', href: '/projects' },
        { label: access.project.name, href: `/projects/${access.project.id}` },
        { label: 'Integrations', href: base },
        { label: integration ? integration.name : 'Add' },
      ]}
    >
      <div class="head">
        <h1>{title}</h1>
        <ManagedByCodeNotice what="integration" codeKey={integration?.codeKey} />
        <span class="muted">{KIND_LABELS[kind]}</span>
        {integration && canWrite ? (
          <div class="actions">
            <PostButton action={`${base}/${integration.id}/test`} csrf={page.csrf}>
              Send a test notification
            </PostButton>
          </div>
        ) : null}
      </div>
      {props.notice ? (
        <p class="notice" role="status">
          {props.notice}
        </p>
      ) : null}
      {integration && props.testSince !== undefined ? (
        <div class="alert" data-test-poll={`${base}/${integration.id}/test-result.json?since=${props.testSince}`} role="status" aria-live="polite">
          <strong>Test notification: </strong>
          <span data-outcome>sending…</span>
        </div>
      ) : null}
      {props.telegramLink ? (
        <section class="panel" aria-labelledby="h-tg">
          <h2 id="h-tg" class="first">
            Link a Telegram chat
          </h2>
          <p>Open this link in Telegram and press Start (in a group: add the bot, then send the /start command it shows). It works once.</p>
          <CopyBlock id="telegram-link" text={props.telegramLink} label="Telegram link" />
          <p>
            <a class="button" href={props.telegramLink} rel="noopener noreferrer">
              Open in Telegram
            </a>
          </p>
        </section>
      ) : null}
      {kind === 'telegram' && integration && !props.telegramLink ? (
        <p class={integration.telegramLinked ? 'muted' : 'notice'}>
          {integration.telegramLinked ? 'A Telegram chat is linked.' : 'No Telegram chat is linked yet.'}{' '}
          {canWrite ? (
            <PostButton action={`${base}/${integration.id}/telegram-link`} csrf={page.csrf} variant="secondary">
              {integration.telegramLinked ? 'Link another chat' : 'Get a new link'}
            </PostButton>
          ) : null}
        </p>
      ) : null}
      {kind === 'email' && integration ? (
        <p class={integration.emailVerified ? 'muted' : 'notice'}>
          {integration.emailVerified
            ? 'The address is verified.'
            : 'The address is not verified yet: no alerts are sent to it until someone opens the link mailed to it.'}{' '}
          {canWrite && !integration.emailVerified ? (
            <PostButton action={`${base}/${integration.id}/verification`} csrf={page.csrf} variant="secondary">
              Send the link again
            </PostButton>
          ) : null}
        </p>
      ) : null}
      <FormProblems
        errors={errors}
        fields={[
          'name',
          'events',
          'tags',
          'enabled',
          'reminders',
          'escalate_after_min',
          'quiet_hours',
          'quiet_hours.from',
          'quiet_hours.to',
          'quiet_hours.tz',
          ...configFields.map((f) => `config.${f.name}`),
        ]}
      />
      <form method="post" action={integration ? `${base}/${integration.id}` : `${base}/new?kind=${kind}`} class="stack">
        <CsrfField token={page.csrf} />
        <fieldset disabled={!canWrite}>
          <legend>Settings</legend>
          <TextField name="name" label="Name" value={v.name} errors={errors} required maxLength={255} />
          {integration ? null : <p class="hint">{channelKind(kind)?.setup}</p>}
          {configFields.map((f) => (
            <ConfigField field={f} value={v[`config.${f.name}`]} errors={errors} />
          ))}
          {!canWrite && configFields.some((f) => f.secret) ? (
            <p class="hint">Credentials, webhook URLs, routing keys and phone numbers are hidden: only members, admins and owners see them.</p>
          ) : null}
          {kind === 'telegram' && !integration ? <p class="hint">After saving you get a link that connects a Telegram chat.</p> : null}
          <div class="field">
            <span class="label" id="events-label">
              Notify about
            </span>
            <div class="choices" role="group" aria-labelledby="events-label">
              <Checkbox name="events" value="down" label="down" checked={values.events.includes('down')} />
              <Checkbox name="events" value="late" label="late" checked={values.events.includes('late')} />
              <Checkbox name="events" value="up" label="up (recovered)" checked={values.events.includes('up')} />
            </div>
            {errors.events ? <p class="error">{errors.events.join('; ')}</p> : null}
          </div>
          <TextField
            name="tags"
            label="Only checks with these tags"
            value={v.tags}
            errors={errors}
            hint="Separated by spaces or commas; empty: every check of the project."
          />
          <Checkbox name="enabled" label="Enabled" checked={v.enabled !== ''} errors={errors} />
        </fieldset>
        <fieldset disabled={!canWrite}>
          <legend>Quiet hours, reminders and escalation</legend>
          <div class="form-row">
            <TextField name="quiet_hours.from" label="Quiet from (HH:MM)" value={v['quiet_hours.from']} errors={errors} placeholder="22:00" />
            <TextField name="quiet_hours.to" label="Quiet until (HH:MM)" value={v['quiet_hours.to']} errors={errors} placeholder="07:00" />
            <SelectField name="quiet_hours.tz" label="In time zone" value={v['quiet_hours.tz']} errors={errors} options={ZONES} />
          </div>
          <p class="hint">Alerts inside the window are held and sent as one summary when it ends. Leave both times empty for none.</p>
          <TextField
            name="reminders"
            label="Remind while down, after these hours"
            value={v.reminders}
            errors={errors}
            hint="e.g. 1, 24 (each 1 to 168); empty: no reminders."
          />
          <TextField
            name="escalate_after_min"
            label="Escalate after (minutes)"
            value={v.escalate_after_min}
            errors={errors}
            inputmode="numeric"
            hint="0: alerted at once. Otherwise only if the check is still down, and nobody acknowledged it, this many minutes after it went down (0 to 1440); e.g. 15 for SMS or PagerDuty after a chat alert."
          />
        </fieldset>
        {canWrite ? (
          <div class="actions">
            <button type="submit" class="primary">
              {integration ? 'Save changes' : 'Add integration'}
            </button>
            <a href={base}>Cancel</a>
          </div>
        ) : null}
      </form>
      {integration && canWrite ? (
        <form method="post" action={`${base}/${integration.id}/delete`} class="actions">
          <CsrfField token={page.csrf} />
          <button type="submit" class="danger">
            Delete integration
          </button>
        </form>
      ) : null}
      {integration ? (
        <section aria-labelledby="h-log">
          <h2 id="h-log">Delivery log</h2>
          {props.deliveries?.length ? <DeliveryLogTable rows={props.deliveries} /> : <p class="muted">Nothing sent yet.</p>}
        </section>
      ) : null}
    </Layout>
  );
}

/** One config field, rendered from its descriptor (@upmon/channels). */
function ConfigField({ field: f, value, errors }: { field: FormField; value: string | undefined; errors: FormErrors }) {
  const name = `config.${f.name}`;
  if (f.type === 'textarea') return <TextArea name={name} label={f.label} value={value} errors={errors} hint={f.hint} rows={4} maxLength={10_000} />;
  if (f.type === 'select') {
    const options = (f.options ?? []).map((o) => ({ value: String(o.value), label: o.label }));
    return <SelectField name={name} label={f.label} value={value} errors={errors} hint={f.hint} options={options} />;
  }
  return (
    <TextField
      name={name}
      label={f.label}
      type={f.type === 'number' ? 'text' : f.type}
      inputmode={f.type === 'number' ? 'numeric' : undefined}
      value={value}
      errors={errors}
      hint={f.hint}
      required={f.required}
      maxLength={2048}
      autocomplete={f.secret ? 'off' : undefined}
    />
  );
}
