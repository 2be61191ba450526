import type { FormField } from '../probe-kind.js';

export const TCP_FORM_FIELDS: readonly FormField[] = [
  { name: 'host', label: 'Host', type: 'text', required: true, maxLength: 253, placeholder: 'db.example.com' },
  { name: 'port', label: 'Port', type: 'number', required: true, min: 1, max: 65535 },
  { name: 'timeout_sec', label: 'Timeout (seconds)', type: 'number', min: 1, max: 30, hint: '1 to 30.' },
  { name: 'confirmations', label: 'Failures before down', type: 'number', min: 1, max: 5, hint: '1 to 5 in a row.' },
  { name: 'tls', label: 'Speak TLS after connecting (certificate verified)', type: 'checkbox' },
  { name: 'sni', label: 'TLS server name (SNI)', type: 'text', maxLength: 253, showWhen: 'tls', hint: 'Optional; the host by default.' },
  {
    name: 'ssl_days_before',
    label: 'Warn before the TLS certificate expires',
    type: 'select',
    showWhen: 'tls',
    options: ['7', '14', '30'].map((d) => ({ value: d, label: `${d} days` })),
  },
  { name: 'send', label: 'Send', type: 'textarea', secret: true, maxLength: 8192, hint: 'Optional bytes to send once connected. Stored encrypted.' },
  {
    name: 'send_format',
    label: 'Send as',
    type: 'select',
    options: [
      { value: 'text', label: 'text' },
      { value: 'hex', label: 'hex bytes' },
    ],
  },
  { name: 'expect', label: 'Expect', type: 'text', maxLength: 1000, hint: 'Optional text the server must send back.' },
  { name: 'conditions', label: 'Conditions', type: 'conditions', hint: 'Response time; certificate days left (with TLS).' },
];
