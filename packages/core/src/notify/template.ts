/**
 * Placeholders a webhook `body_template` may use (docs/api-contract.md; `detail` is an addition:
 * docs/notifications.md, "Why a probed check failed").
 */
export const TEMPLATE_PLACEHOLDERS = [
  'event',
  'check_id',
  'check_name',
  'status',
  'previous_status',
  'reason',
  'ts',
  'tags',
  'subject',
  'message',
  'detail',
] as const;
export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];
/** `detail` only when there is one (a probed check's result): it renders as '' otherwise. */
export type TemplateValues = Record<Exclude<TemplatePlaceholder, 'detail'>, string> & { detail?: string };

/** How substituted values are escaped for the body's content type. */
export type TemplateEscaping = 'json' | 'form' | 'none';

/**
 * JSON for `application/json` and any `+json` type (values are JSON-escaped, as the spec says);
 * form-encoding for `application/x-www-form-urlencoded` (so a value cannot add fields);
 * everything else is sent as is.
 */
export function escapingForContentType(contentType: string): TemplateEscaping {
  const type = (contentType.split(';')[0] ?? '').trim().toLowerCase();
  if (type === 'application/json' || /^application\/[a-z0-9.+-]+\+json$/.test(type)) return 'json';
  if (type === 'application/x-www-form-urlencoded') return 'form';
  return 'none';
}

/** Escapes a value for use inside a JSON string literal (the template supplies the quotes). */
export function jsonEscape(value: string): string {
  // JSON.stringify escapes quotes, backslashes and control characters; U+2028/U+2029 are escaped
  // too so the result is also safe where the body ends up inside JavaScript.
  return JSON.stringify(value)
    .slice(1, -1)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * What every `{{…}}` of a template says, trimmed: the text between `{{` and the next `}}` when it
 * holds no brace. The same as matching /\{\{\s*([^{}]*?)\s*\}\}/g, but in one linear scan: that
 * regex backtracks quadratically on "{{" followed by many spaces (validation sees user input).
 */
export function findPlaceholders(template: string): string[] {
  const found: string[] = [];
  let from = 0;
  for (;;) {
    const open = template.indexOf('{{', from);
    if (open < 0) return found;
    let end = open + 2;
    while (end < template.length && template[end] !== '{' && template[end] !== '}') end++;
    if (template.startsWith('}}', end)) {
      found.push(template.slice(open + 2, end).trim());
      from = end + 2;
    } else {
      // No "{{" can start inside the brace-free stretch just scanned, except right after `open`.
      from = end > open + 2 ? end : open + 1;
    }
  }
}

const PLACEHOLDER = /\{\{\s*([a-z_]+)\s*\}\}/g;

/**
 * Substitutes `{{name}}` (spaces inside the braces allowed) in one pass, so a value that itself
 * contains `{{…}}` is never expanded again. Unknown placeholders are left as written.
 */
export function renderTemplate(template: string, values: TemplateValues, escaping: TemplateEscaping): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    if (!(TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name)) return whole;
    const value = values[name as TemplatePlaceholder] ?? '';
    switch (escaping) {
      case 'json':
        return jsonEscape(value);
      case 'form':
        return encodeURIComponent(value);
      case 'none':
        return value;
    }
  });
}
