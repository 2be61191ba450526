import type { ComponentChildren, InputHTMLAttributes } from 'preact';

/** Field name (the API's dotted path) → messages. */
export type FormErrors = Record<string, string[]>;

interface Common {
  name: string;
  label: string;
  errors?: FormErrors;
  hint?: ComponentChildren;
  required?: boolean;
  /** The control's id when a page holds several fields of one name (one form each); else from the name. */
  id?: string;
}

const idOf = (name: string) => `f-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/** Label, control, hint and the field's own validation messages, wired with aria attributes. */
function FieldShell(props: Common & { children: (a: Record<string, string | boolean | undefined>) => ComponentChildren }) {
  const id = props.id ?? idOf(props.name);
  const messages = props.errors?.[props.name] ?? [];
  const described = [props.hint ? `${id}-hint` : null, messages.length ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div class={`field${messages.length ? ' has-error' : ''}`}>
      <label for={id}>
        {props.label}
        {props.required ? <span class="muted"> (required)</span> : null}
      </label>
      {props.children({ id, name: props.name, 'aria-describedby': described || undefined, 'aria-invalid': messages.length ? 'true' : undefined })}
      {props.hint ? (
        <p class="hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      ) : null}
      {messages.length ? (
        <p class="error" id={`${id}-error`}>
          {messages.join('; ')}
        </p>
      ) : null}
    </div>
  );
}

export function TextField(
  props: Common & {
    value?: string | number | null;
    type?: 'text' | 'email' | 'password' | 'number' | 'url' | 'datetime-local';
    autocomplete?: string;
    inputmode?: string;
    placeholder?: string;
    maxLength?: number;
    data?: Record<string, string>;
  },
) {
  const data = Object.fromEntries(Object.entries(props.data ?? {}).map(([k, v]) => [`data-${k}`, v]));
  return (
    <FieldShell {...props}>
      {(a) => {
        // One attribute object: preact's input typings are a union by `type`.
        const attrs = {
          ...a,
          ...data,
          type: props.type ?? 'text',
          value: props.value ?? '',
          required: props.required,
          autoComplete: props.autocomplete,
          inputMode: props.inputmode,
          placeholder: props.placeholder,
          maxLength: props.maxLength,
        } as InputHTMLAttributes<HTMLInputElement>;
        return <input {...attrs} />;
      }}
    </FieldShell>
  );
}

export function TextArea(props: Common & { value?: string | null; rows?: number; maxLength?: number }) {
  return <FieldShell {...props}>{(a) => <textarea {...a} rows={props.rows ?? 3} maxLength={props.maxLength} value={props.value ?? ''} />}</FieldShell>;
}

export function SelectField(props: Common & { value?: string; options: { value: string; label: string }[]; data?: Record<string, string> }) {
  const data = Object.fromEntries(Object.entries(props.data ?? {}).map(([k, v]) => [`data-${k}`, v]));
  return (
    <FieldShell {...props}>
      {(a) => (
        <select {...a} {...data}>
          {props.options.map((o) => (
            <option value={o.value} selected={o.value === props.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

/** A checkbox; `value` "1" when checked (unchecked boxes send nothing). */
export function Checkbox(props: { name: string; label: string; checked: boolean; value?: string; errors?: FormErrors }) {
  const id = `${idOf(props.name)}${props.value ? `-${props.value}` : ''}`;
  const messages = props.errors?.[props.name] ?? [];
  return (
    <div class="check-field">
      <input type="checkbox" id={id} name={props.name} value={props.value ?? '1'} checked={props.checked} />
      <label for={id}>{props.label}</label>
      {messages.length ? <p class="error">{messages.join('; ')}</p> : null}
    </div>
  );
}

/** At the top of a form: that something needs fixing, and messages that belong to no field ('_form': the whole request). */
export function FormProblems({ errors, fields }: { errors: FormErrors; fields: string[] }) {
  if (Object.keys(errors).length === 0) return null;
  const general = errors._form ?? [];
  const other = Object.entries(errors).filter(([k]) => k !== '_form' && !fields.includes(k));
  const onFields = Object.keys(errors).some((k) => fields.includes(k));
  return (
    <div class="alert alert-error" role="alert">
      {general.map((m) => (
        <p>{m}</p>
      ))}
      {onFields ? <p>Please correct the fields marked below.</p> : null}
      {other.length ? (
        <ul>
          {other.map(([k, v]) => (
            <li>
              {k}: {v.join('; ')}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
