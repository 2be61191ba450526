import { ApiError } from '@upmon/domain';
import type { FormErrors } from '../views/form-fields.js';

/**
 * A domain service's refusal as form messages and a status: 422 field errors next to their
 * fields; anything else the service says (quota 403, budgets 429, 409) at the top of the form.
 * Other errors are not the person's doing: rethrown for the error page.
 */
export function formErrorsOf(err: unknown, extra: FormErrors = {}): { errors: FormErrors; status: number; headers: Record<string, string> } {
  if (!(err instanceof ApiError)) throw err;
  const errors: FormErrors = { ...extra };
  if (err.options.errors) for (const [k, v] of Object.entries(err.options.errors)) errors[k] = [...(errors[k] ?? []), ...v];
  else errors._form = [err.message.charAt(0).toUpperCase() + err.message.slice(1)];
  return { errors, status: err.status, headers: err.options.headers ?? {} };
}
