import type { FormField } from '../probe-kind.js';
import { RECORD_TYPES } from './dns-config.js';

export const DNS_FORM_FIELDS: readonly FormField[] = [
  { name: 'name', label: 'Name', type: 'text', required: true, maxLength: 253, placeholder: 'example.com' },
  { name: 'record_type', label: 'Record type', type: 'select', options: RECORD_TYPES.map((t) => ({ value: t, label: t })) },
  {
    name: 'resolver',
    label: 'Resolver',
    type: 'text',
    maxLength: 60,
    placeholder: '192.0.2.53 or 192.0.2.53:5353',
    hint: "Optional address of the DNS server to ask; the prober's own resolvers by default.",
  },
  {
    name: 'expected',
    label: 'Expected values',
    type: 'list',
    maxLength: 10_000,
    hint: 'Optional, one per line: addresses, names, or whole records (10 mail.example.com). Empty: any answer will do.',
  },
  {
    name: 'match',
    label: 'Match',
    type: 'select',
    options: [
      { value: 'any', label: 'any expected value is enough' },
      { value: 'all', label: 'every expected value must be there' },
    ],
  },
  { name: 'timeout_sec', label: 'Timeout (seconds)', type: 'number', min: 1, max: 30, hint: '1 to 30.' },
  { name: 'confirmations', label: 'Failures before down', type: 'number', min: 1, max: 5, hint: '1 to 5 in a row.' },
  { name: 'conditions', label: 'Conditions', type: 'conditions', hint: 'Response time.' },
];
