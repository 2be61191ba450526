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

/** `tags.0` → ['tags', 0]: the message of one entry of a list field (the API keys them so). */
const ENTRY = /^(.+)\.(\d+)$/;

/** "Tags" → "Tag": the name of one entry of a list field. */
const entryWord = (label: string) => (label.endsWith('s') ? label.slice(0, -1) : 'Entry');

/**
 * A field's messages: its own, and those of its list's entries (`tags.0`) as sentences naming the
 * entry ("Tag 1 must be at most 100 characters long"), so no message is left with a raw path.
 */
function messagesOf(errors: FormErrors | undefined, name: string): string[] {
  const own = errors?.[name] ?? [];
  const entries = Object.entries(errors ?? {}).flatMap(([key, messages]) => {
    const m = ENTRY.exec(key);
    return m && m[1] === name ? messages.map((text) => `${entryWord(nameInWords(name))} ${Number(m[2]) + 1} ${text}`) : [];
  });
  return [...own, ...entries];
}

/** Label, control, hint and the field's own validation messages, wired with aria attributes. */
function FieldShell(props: Common & { children: (a: Record<string, string | boolean | undefined>) => ComponentChildren }) {
  const id = props.id ?? idOf(props.name);
  const messages = messagesOf(props.errors, props.name);
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
    type?: 'text' | 'email' | 'password' | 'number' | 'url' | 'datetime-local' | 'month';
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

/**
 * At the top of a form: every problem, each a link to its field (the field's name, then what is
 * wrong), and messages that belong to no field ('_form': the whole request). It takes the focus
 * when the page loads (autofocus, and app.js for browsers that ignore it on a non-control), so a
 * screen reader or a phone starts at what went wrong. `fields`: the form's field names, or names
 * with the labels the summary uses (the name read as words otherwise).
 */
export function FormProblems({ errors, fields }: { errors: FormErrors; fields: string[] | Record<string, string> }) {
  if (Object.keys(errors).length === 0) return null;
  const labels: Record<string, string> = Array.isArray(fields) ? Object.fromEntries(fields.map((f) => [f, nameInWords(f)])) : fields;
  const general = errors._form ?? [];
  const items: { href: string | null; text: string }[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    if (key === '_form') continue;
    const entry = ENTRY.exec(key);
    const owner = key in labels ? key : entry && entry[1]! in labels ? entry[1]! : null;
    const label = owner ? labels[owner]! : nameInWords(key);
    const subject = owner && owner !== key && entry ? `${entryWord(label)} ${Number(entry[2]) + 1}` : label;
    for (const m of messages) items.push({ href: owner ? `#${idOf(owner)}` : null, text: `${subject} ${m}` });
  }
  return (
    <div class="alert alert-error" role="alert" tabindex={-1} autofocus data-focus-on-load>
      {general.map((m) => (
        <p>{m}</p>
      ))}
      {items.length ? (
        <>
          <p>{items.length === 1 ? 'Please correct this:' : `Please correct these ${items.length} things:`}</p>
          <ul>
            {items.map((i) => (
              <li>{i.href ? <a href={i.href}>{i.text}</a> : i.text}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/** `http_config.timeout_sec` → "Timeout sec": a field's name as words, when the form gives no label. */
function nameInWords(name: string): string {
  const last = name.split('.').pop() ?? name;
  const words = last
    .replace(/_sec$/, ' (seconds)')
    .replace(/_min$/, ' (minutes)')
    .replace(/_/g, ' ')
    .replace(/\burl\b/g, 'URL')
    .replace(/\btz\b/g, 'time zone');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
