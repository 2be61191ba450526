import { blockReason, parseAllowList } from '@upmon/outbound';
import { guardsPrivateNetwork, isNonPublicName, isNonPublicRecord } from './dns-non-public.js';

// The rule of what a public prober does not show from a DNS answer (docs/probe-checks.md).

const publicProber = { blockReason: (ip: string) => blockReason(ip) };
const everyAddress = parseAllowList(['0.0.0.0/0', '::/0']);
const privateLocation = { blockReason: (ip: string) => blockReason(ip, everyAddress) };

test('which prober keeps the private network out', () => {
  expect([guardsPrivateNetwork(publicProber), guardsPrivateNetwork(privateLocation)]).toEqual([true, false]);
});

test.each([
  ['db', true],
  ['db.corp', true],
  ['printer.local', true],
  ['router.home.arpa', true],
  ['vault.service.internal', true],
  ['localhost', true],
  ['10.1.2.3', true],
  ['fd00::1', true],
  ['example.com', false],
  ['mail.example.com', false],
  ['internal.example.com', false],
  ['corp.example.com', false],
  ['93.184.216.34', false],
])('%s is non-public: %s', (name, expected) => {
  expect(isNonPublicName(name, publicProber)).toBe(expected);
});

test('every record type', () => {
  const r = (text: string, value = text) => ({ text, value });
  expect(isNonPublicRecord('A', r('10.0.0.5'), publicProber)).toBe(true);
  expect(isNonPublicRecord('A', r('10.0.0.5'), privateLocation)).toBe(false);
  expect(isNonPublicRecord('AAAA', r('2606:2800:220:1::1'), publicProber)).toBe(false);
  expect(isNonPublicRecord('CNAME', r('db.corp'), publicProber)).toBe(true);
  expect(isNonPublicRecord('CNAME', r('db.corp'), privateLocation)).toBe(false);
  expect(isNonPublicRecord('MX', r('10 mail.internal', 'mail.internal'), publicProber)).toBe(true);
  expect(isNonPublicRecord('MX', r('10 mail.example.com', 'mail.example.com'), publicProber)).toBe(false);
  expect(isNonPublicRecord('NS', r('ns1'), publicProber)).toBe(true);
  expect(isNonPublicRecord('SRV', r('0 0 389 dc1.lan', 'dc1.lan'), publicProber)).toBe(true);
  expect(isNonPublicRecord('SOA', r('ns1.example.com hostmaster.lan 1 1 1 1 1', 'ns1.example.com'), publicProber)).toBe(true);
  expect(isNonPublicRecord('SOA', r('ns1.example.com hostmaster.example.com 1 1 1 1 1', 'ns1.example.com'), publicProber)).toBe(false);
  expect(isNonPublicRecord('TXT', r('db.corp'), publicProber)).toBe(false);
  expect(isNonPublicRecord('CAA', r('0 issue "ca.internal"', 'ca.internal'), publicProber)).toBe(false);
});
