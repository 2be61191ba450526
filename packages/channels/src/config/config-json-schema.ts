import type { ChannelKind } from '../channel-kind.js';

interface Rule {
  name: string;
  args?: { limit?: number; regex?: string; options?: { scheme?: string[] } };
}
interface KeyDescription {
  type?: string;
  flags?: { presence?: string; only?: boolean; default?: unknown };
  allow?: unknown[];
  rules?: Rule[];
}

/** A joi regex as described (`/…/flags`) → the pattern alone, as JSON Schema wants it. */
const patternOf = (regex: string) => regex.slice(1, regex.lastIndexOf('/'));

/** One config key's joi description → JSON Schema (the subset channel configs use). */
function keySchema(d: KeyDescription, title: string, hint: string | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (d.flags?.only && d.allow) out.enum = d.allow;
  else if (d.type === 'number') out.type = (d.rules ?? []).some((r) => r.name === 'integer') ? 'integer' : 'number';
  else out.type = d.type ?? 'object';
  for (const r of d.rules ?? []) {
    const limit = r.args?.limit;
    if (r.name === 'max' && limit !== undefined) out[d.type === 'number' ? 'maximum' : 'maxLength'] = limit;
    if (r.name === 'min' && limit !== undefined) out[d.type === 'number' ? 'minimum' : 'minLength'] = limit;
    if (r.name === 'pattern' && r.args?.regex) out.pattern = patternOf(r.args.regex);
    if (r.name === 'uri') {
      out.format = 'uri';
      const schemes = r.args?.options?.scheme;
      if (schemes?.length) out.pattern = `^(${schemes.join('|')}):`;
    }
    if (r.name === 'email') out.format = 'email';
  }
  if (d.flags?.default !== undefined) out.default = d.flags.default;
  out.description = hint ? `${title}. ${hint}` : title;
  return out;
}

/**
 * A kind's config schema as JSON Schema, for the OpenAPI document: derived from the joi schema the
 * API validates with (lengths, patterns, formats, choices, defaults, required keys) and the form
 * fields' words, so the document cannot drift from the validation. Rules joi checks in code (a
 * webhook template's placeholders, a media type) are only in the validation.
 */
export function configJsonSchema(kind: ChannelKind): Record<string, unknown> {
  const keys = (kind.configSchema.describe() as { keys?: Record<string, KeyDescription> }).keys ?? {};
  const fields = new Map(kind.formFields.map((f) => [f.name, f]));
  const required = Object.entries(keys)
    .filter(([, d]) => d.flags?.presence === 'required')
    .map(([name]) => name);
  return {
    type: 'object',
    additionalProperties: false,
    ...(required.length ? { required } : {}),
    properties: Object.fromEntries(
      Object.entries(keys).map(([name, d]) => {
        const f = fields.get(name);
        return [name, { ...keySchema(d, f?.label ?? name, f?.hint), ...(f?.secret ? { writeOnly: true } : {}) }];
      }),
    ),
    description: `${kind.label}: ${kind.setup}`,
  };
}
