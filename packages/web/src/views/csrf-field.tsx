import { CSRF_FIELD } from '../http/csrf.js';

export function CsrfField({ token }: { token: string }) {
  return <input type="hidden" name={CSRF_FIELD} value={token} />;
}
