import type { FormField } from '../probe-kind.js';

export const TLS_FORM_FIELDS: readonly FormField[] = [
  { name: 'host', label: 'Host', type: 'text', required: true, maxLength: 253, placeholder: 'www.example.com' },
  { name: 'port', label: 'Port', type: 'number', min: 1, max: 65535, hint: '443 by default.' },
  { name: 'sni', label: 'Server name (SNI)', type: 'text', maxLength: 253, hint: 'Optional; the host by default. The certificate must be valid for it.' },
  {
    name: 'days_before_expiry',
    label: 'Fail when the certificate expires within (days)',
    type: 'number',
    min: 0,
    max: 365,
    hint: '0 to 365; 14 by default.',
  },
  { name: 'timeout_sec', label: 'Timeout (seconds)', type: 'number', min: 1, max: 30, hint: '1 to 30.' },
  { name: 'confirmations', label: 'Failures before down', type: 'number', min: 1, max: 5, hint: '1 to 5 in a row.' },
  { name: 'conditions', label: 'Conditions', type: 'conditions', hint: 'Response time; certificate days left.' },
];
