import { INCIDENT_LIMITS, INCIDENT_STATES } from '@upmon/domain';
import { checkImpactField, groupImpactField, IMPACT_OPTIONS, type IncidentComponentChoices } from '../../forms/incident-form.js';
import { SelectField, TextArea, type FormErrors } from '../form-fields.js';
import { STATE_WORDS } from './public-incidents-model.js';

const STATE_OPTIONS = INCIDENT_STATES.map((s) => ({ value: s, label: STATE_WORDS[s] }));

const MESSAGE_HINT = 'Shown on the public page. Blank lines make paragraphs; - or 1. start lists; *emphasis*, **strong**, [text](https://…) links.';

/** An update's state and message. */
export function UpdateFields({ state, message, errors }: { state: string; message: string; errors: FormErrors }) {
  return (
    <>
      <SelectField name="state" label="State" value={state} options={STATE_OPTIONS} errors={errors} />
      <TextArea name="message" label="Message" value={message} rows={5} maxLength={INCIDENT_LIMITS.messageMax} required hint={MESSAGE_HINT} errors={errors} />
    </>
  );
}

/** One select per named group and per check of the page: not affected, or an impact. */
export function ComponentFields({ choices, values, errors }: { choices: IncidentComponentChoices; values: Record<string, string>; errors: FormErrors }) {
  if (choices.checks.length === 0 && choices.groups.length === 0) return <p class="muted">The status page shows no checks yet.</p>;
  return (
    <>
      {choices.groups.map((g, i) => (
        <SelectField name={groupImpactField(i)} label={`Group: ${g}`} value={values[groupImpactField(i)] ?? ''} options={IMPACT_OPTIONS} errors={errors} />
      ))}
      {choices.checks.map((c) => (
        <SelectField
          name={checkImpactField(c.id)}
          label={`Check: ${c.name}`}
          value={values[checkImpactField(c.id)] ?? ''}
          options={IMPACT_OPTIONS}
          errors={errors}
        />
      ))}
    </>
  );
}
