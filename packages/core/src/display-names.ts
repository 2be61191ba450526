/**
 * Names and titles people set (checks, integrations, maintenance windows, status pages and their
 * groups, projects, API keys, accounts, users) are shown in pages, alerts, mail subjects and logs,
 * so control characters are refused in them (docs/api.md, "Input bounds"): C0 (U+0000–U+001F,
 * newlines and tabs included), DEL and C1 (U+007F–U+009F). One definition for every surface: the
 * REST API's joi schemas, the web forms and the Healthchecks-compatible API.
 */
export const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001F\u007F-\u009F]*$/;

/** The message next to the field (the REST API's field error; the Healthchecks API prefixes the field's name). */
export const CONTROL_CHARACTERS_MESSAGE = 'must not contain control characters';

/** Whether a name or title contains a control character. */
export function hasControlCharacters(text: string): boolean {
  return !NO_CONTROL_CHARACTERS.test(text);
}
