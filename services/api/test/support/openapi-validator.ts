import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { OPENAPI_DOCUMENT } from '../../src/v1/openapi/document.js';

// ajv-formats is CommonJS: under NodeNext its types put the plugin on `.default`, which the module
// also sets at run time (module.exports.default === module.exports).
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema(OPENAPI_DOCUMENT as object, 'openapi');

const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
const templates = Object.keys(OPENAPI_DOCUMENT.paths).map((t) => ({
  template: t,
  regex: new RegExp(`^${t.replace(/\{[^}]+\}/g, '[^/]+')}$`),
}));

/**
 * Checks one response against the OpenAPI document: the path and method must be documented, the
 * status listed for that operation, and the body must match its schema (204: no body).
 * Throws with the details otherwise. `path` is relative to /api/v1, without the query string.
 */
export function assertMatchesOpenApi(method: string, path: string, status: number, body: unknown, rawText: string): void {
  const match = templates.find((t) => t.regex.test(path));
  const where = `${method} ${path} → ${status}`;
  if (!match) {
    // Unknown endpoints are answered with the documented error shape.
    validateRef(`openapi#/components/schemas/Error`, body, where);
    if (status !== 404 && status !== 401) throw new Error(`${where}: undocumented path answered with ${status}`);
    return;
  }
  const item = (OPENAPI_DOCUMENT.paths as Record<string, Record<string, unknown>>)[match.template] as Record<string, unknown>;
  const op = item[method.toLowerCase()] as { responses: Record<string, { content?: unknown }> } | undefined;
  if (!op) {
    validateRef(`openapi#/components/schemas/Error`, body, where);
    if (status !== 404 && status !== 401) throw new Error(`${where}: undocumented method answered with ${status}`);
    return;
  }
  const response = op.responses[String(status)];
  if (!response) throw new Error(`${where}: status not documented for this operation; body ${rawText}`);
  if (!response.content) {
    if (rawText !== '') throw new Error(`${where}: expected an empty body, got ${rawText}`);
    return;
  }
  validateRef(`openapi#/paths/${escape(match.template)}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`, body, where);
}

const compiled = new Map<string, ReturnType<typeof ajv.compile>>();

function validateRef(ref: string, body: unknown, where: string): void {
  let validate = compiled.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    compiled.set(ref, validate);
  }
  if (!validate(body)) {
    throw new Error(`${where}: response does not match the OpenAPI document: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body)}`);
  }
}

/** Whether `value` matches the document's component schema `name` (request bodies, which responses never carry). */
export function matchesOpenApiSchema(name: string, value: unknown): boolean {
  const ref = `openapi#/components/schemas/${name}`;
  let validate = compiled.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: ref });
    compiled.set(ref, validate);
  }
  return validate(value) as boolean;
}
