import type { ErrorAnswer } from '../http/error-middleware.js';

/**
 * upmon's error answers restated in Healthchecks' shape, `{"error": "..."}`. Validation failures
 * (upmon's 422 with field errors) are Healthchecks' 400 "json validation error: ...", first
 * problem only, as Healthchecks reports them.
 */
export function hcErrorShape(status: number, body: Record<string, unknown>): ErrorAnswer {
  const errors = body.errors as Record<string, string[]> | undefined;
  if (status === 422 && errors) {
    const [field, messages] = Object.entries(errors)[0] ?? ['body', ['is invalid']];
    return { status: 400, body: { error: `json validation error: ${field} ${messages[0] ?? 'is invalid'}` } };
  }
  const out: Record<string, unknown> = { error: body.message };
  if (body.error_id !== undefined) out.error_id = body.error_id;
  return { status, body: out };
}
