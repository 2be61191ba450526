import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { API_RESPONSE_SCHEMAS, apiInputSchemas } from '@upmon/domain';

/** The response schemas' names. */
export type ResponseName = keyof typeof API_RESPONSE_SCHEMAS;

// Referenced as in the OpenAPI document (#/components/schemas/…): the input components too, which
// a response may share (an integration's quiet_hours and flapping).
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema({ components: { schemas: { ...apiInputSchemas().components, ...API_RESPONSE_SCHEMAS } } }, 'doc');

const compiled = new Map<string, ReturnType<typeof ajv.compile>>();

/** Why `value` (as JSON would carry it) does not match the response schema `name`, or null when it does. */
export function responseProblems(name: ResponseName, value: unknown): string | null {
  let validate = compiled.get(name);
  if (!validate) {
    validate = ajv.compile({ $ref: `doc#/components/schemas/${name}` });
    compiled.set(name, validate);
  }
  return validate(JSON.parse(JSON.stringify(value))) ? null : ajv.errorsText(validate.errors);
}

/** Fails the test with the schema's complaints when `value` does not match the response schema `name`. */
export function expectResponse(name: ResponseName, value: unknown): void {
  const problems = responseProblems(name, value);
  if (problems !== null) throw new Error(`${name} response does not match its schema: ${problems}\n${JSON.stringify(value)}`);
}
