/** A urlencoded form body (express.urlencoded, extended: false): strings, or arrays for repeated names. */
export type FormBody = Record<string, string | string[] | undefined>;

export function asForm(body: unknown): FormBody {
  return body && typeof body === 'object' ? (body as FormBody) : {};
}

/** One field's value ('' when absent; the first when repeated). */
export function field(body: FormBody, name: string): string {
  const v = body[name];
  return (Array.isArray(v) ? v[0] : v) ?? '';
}

/** Every value of a repeated field (checkbox groups). */
export function fields(body: FormBody, name: string): string[] {
  const v = body[name];
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

export function checked(body: FormBody, name: string): boolean {
  return field(body, name) !== '';
}

/**
 * A number field: the integer when the text is one, else the text itself, so the API's joi
 * schema (no conversion) reports "must be a number" next to the field; absent when empty.
 */
export function numberField(body: FormBody, name: string): number | string | undefined {
  const v = field(body, name).trim();
  if (v === '') return undefined;
  return /^-?\d{1,15}$/.test(v) ? Number(v) : v;
}

/** "a, b c" → ["a", "b", "c"]: tags and lists typed in one box. */
export function listField(body: FormBody, name: string): string[] {
  return field(body, name)
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}
