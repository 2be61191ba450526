import { CONDITION_TYPES, FORM_CONDITION_ROWS, OPERATOR_WORDS, OPERATORS, type FormField, type ProbeKindDefinition } from '@upmon/probes';
import { Checkbox, SelectField, TextArea, TextField, type FormErrors } from '../form-fields.js';

const CONDITION_TYPE_LABELS: Record<string, string> = {
  status_code: 'status code',
  json_body: 'JSON body value',
  header: 'response header',
  response_time: 'response time (ms)',
  certificate_days: 'certificate days left',
};

/** One input of a kind's form, rendered from its descriptor (plain data in @upmon/probes). */
function ProbeInput({ f, prefix, values, errors }: { f: FormField; prefix: string; values: Record<string, string>; errors: FormErrors }) {
  const name = `${prefix}.${f.name}`;
  const value = values[name] ?? '';
  const common = { name, label: f.label, errors, hint: f.hint, required: f.required };
  switch (f.type) {
    case 'checkbox':
      return <Checkbox name={name} label={f.label} checked={value !== ''} errors={errors} />;
    case 'select':
      return <SelectField {...common} value={value} options={[...(f.options ?? [])]} />;
    case 'textarea':
    case 'list':
    case 'headers':
      return <TextArea {...common} value={value} rows={3} maxLength={f.maxLength} />;
    case 'number':
      return <TextField {...common} value={value} inputmode="numeric" maxLength={15} />;
    case 'password':
      return <TextField {...common} value={value} type="password" autocomplete="new-password" maxLength={f.maxLength} />;
    default:
      return (
        <TextField {...common} value={value} type={f.type === 'url' ? 'url' : 'text'} placeholder={f.placeholder} maxLength={f.maxLength} autocomplete="off" />
      );
  }
}

/** The kind's condition rows: type, path or header name, operator, value; empty rows are ignored. */
export function ConditionRows({ definition, values, errors }: { definition: ProbeKindDefinition; values: Record<string, string>; errors: FormErrors }) {
  const prefix = definition.configField;
  const types = [
    { value: '', label: '(none)' },
    ...CONDITION_TYPES.filter((t) => definition.conditionTypes.includes(t)).map((t) => ({ value: t, label: CONDITION_TYPE_LABELS[t] ?? t })),
  ];
  const operators = OPERATORS.map((o) => ({ value: o, label: OPERATOR_WORDS[o] }));
  const showsPath = definition.conditionTypes.includes('json_body') || definition.conditionTypes.includes('header');
  return (
    <fieldset class="conditions">
      <legend>Conditions</legend>
      <p class="hint">
        Every condition is checked on every probe; any that fails fails the probe and is named in the alert.
        {showsPath ? ' JSON values by JSON Pointer (/data/status) or JSONPath ($.data.status).' : ''}
      </p>
      {(errors[`${prefix}.conditions`] ?? []).length ? <p class="error">{(errors[`${prefix}.conditions`] ?? []).join('; ')}</p> : null}
      {Array.from({ length: FORM_CONDITION_ROWS }, (_, i) => {
        const at = `${prefix}.conditions.${i}`;
        const rowErrors: FormErrors = { ...errors, [`${at}.path`]: [...(errors[`${at}.path`] ?? []), ...(errors[`${at}.name`] ?? [])] };
        return (
          <div class="form-row condition-row" role="group" aria-label={`Condition ${i + 1}`}>
            <SelectField name={`${at}.type`} label={`Condition ${i + 1}`} value={values[`${at}.type`] ?? ''} options={types} errors={errors} />
            {showsPath ? <TextField name={`${at}.path`} label="Path or header" value={values[`${at}.path`] ?? ''} errors={rowErrors} maxLength={256} /> : null}
            <SelectField name={`${at}.operator`} label="Operator" value={values[`${at}.operator`] ?? ''} options={operators} errors={errors} />
            <TextField name={`${at}.value`} label="Value" value={values[`${at}.value`] ?? ''} errors={errors} maxLength={1000} />
          </div>
        );
      })}
    </fieldset>
  );
}

/**
 * What to probe, for any kind but http (which keeps its own form): the kind's form fields from
 * @upmon/probes, inputs named `<kind>_config.<field>` as the API's field errors name them. Fields
 * shown only with a checkbox (`showWhen`) are wrapped for the form script to hide.
 */
export function ProbeFieldset({ definition, values, errors }: { definition: ProbeKindDefinition; values: Record<string, string>; errors: FormErrors }) {
  const prefix = definition.configField;
  return (
    <fieldset class="probe-config" data-probe-kind={definition.kind}>
      <legend>What to probe</legend>
      {definition.formFields
        .filter((f) => f.type !== 'conditions')
        .map((f) =>
          f.showWhen ? (
            <div data-show-when={`${prefix}.${f.showWhen}`}>
              <ProbeInput f={f} prefix={prefix} values={values} errors={errors} />
            </div>
          ) : (
            <ProbeInput f={f} prefix={prefix} values={values} errors={errors} />
          ),
        )}
      {definition.formFields.some((f) => f.type === 'conditions') ? <ConditionRows definition={definition} values={values} errors={errors} /> : null}
    </fieldset>
  );
}
