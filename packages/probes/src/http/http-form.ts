import type { FormField } from '../probe-kind.js';

/** The http check's form, in the order the web app shows it. */
export const HTTP_FORM_FIELDS: readonly FormField[] = [
  { name: 'url', label: 'URL', type: 'url', required: true, secret: true, maxLength: 2048, hint: 'Stored encrypted (it may carry a token).' },
  { name: 'method', label: 'Method', type: 'select', options: ['GET', 'HEAD', 'POST'].map((m) => ({ value: m, label: m })) },
  { name: 'timeout_sec', label: 'Timeout (seconds)', type: 'number', min: 1, max: 30, hint: '1 to 30.' },
  { name: 'confirmations', label: 'Failures before down', type: 'number', min: 1, max: 5, hint: '1 to 5 in a row.' },
  { name: 'expected_codes', label: 'Expected status codes', type: 'list', maxLength: 300, hint: 'Codes (200) or classes (2xx), separated by commas.' },
  { name: 'keyword', label: 'Keyword', type: 'text', maxLength: 1000, hint: 'Optional text the response must contain.' },
  { name: 'keyword_absent', label: 'Fail when the keyword IS found instead', type: 'checkbox' },
  { name: 'follow_redirects', label: 'Follow redirects', type: 'checkbox' },
  { name: 'headers', label: 'Request headers', type: 'headers', secret: true, hint: 'One per line: Name: value. Stored encrypted.' },
  { name: 'basic_auth.username', label: 'Basic auth user', type: 'text', secret: true, maxLength: 255 },
  { name: 'basic_auth.password', label: 'Basic auth password', type: 'password', secret: true, maxLength: 255 },
  {
    name: 'ssl_days_before',
    label: 'Warn before the TLS certificate expires',
    type: 'select',
    options: ['7', '14', '30'].map((d) => ({ value: d, label: `${d} days` })),
  },
  { name: 'conditions', label: 'Conditions', type: 'conditions', hint: 'Every condition is checked on every probe; any that fails fails the probe.' },
];
