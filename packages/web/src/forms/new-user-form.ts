import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from '@upmon/core';
import { passwordProblem } from '@upmon/crypto';
import { isPlausibleEmail, normalizeEmail } from '@upmon/user-store';
import type { FormErrors } from '../views/form-fields.js';
import { field, type FormBody } from './form-values.js';

export interface NewUser {
  name: string;
  email: string;
  password: string;
  account: string;
}

/** A new user's details, or the messages next to the fields. `fixedEmail` for invitations. */
export function readNewUser(body: FormBody, fixedEmail?: string): { user: NewUser; errors: FormErrors; values: Record<string, string> } {
  const name = field(body, 'name').trim();
  const email = fixedEmail ?? normalizeEmail(field(body, 'email'));
  const password = field(body, 'password');
  const account = field(body, 'account').trim();
  const errors: FormErrors = {};
  if (name === '') errors.name = ['is required'];
  else if (name.length > 255) errors.name = ['must be at most 255 characters'];
  else if (hasControlCharacters(name)) errors.name = [CONTROL_CHARACTERS_MESSAGE];
  if (!isPlausibleEmail(email)) errors.email = ['must be an e-mail address'];
  const problem = passwordProblem(password);
  if (problem) errors.password = [problem];
  if (account.length > 255) errors.account = ['must be at most 255 characters'];
  else if (hasControlCharacters(account)) errors.account = [CONTROL_CHARACTERS_MESSAGE];
  return { user: { name, email, password, account }, errors, values: { name, email, account } };
}
