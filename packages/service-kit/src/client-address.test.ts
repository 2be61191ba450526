import { createClientAddressResolver } from './client-address.js';

describe('client address behind trusted proxies', () => {
  const resolve = createClientAddressResolver(['10.0.0.0/8', 'fd00::/8']);

  it('is the peer when the peer is not a trusted proxy, whatever X-Forwarded-For says', () => {
    expect(resolve('203.0.113.5', '198.51.100.1')).toBe('203.0.113.5');
    expect(resolve('::ffff:203.0.113.5', undefined)).toBe('203.0.113.5');
  });

  it('is the rightmost hop that is not itself a trusted proxy', () => {
    expect(resolve('10.0.0.1', '198.51.100.7')).toBe('198.51.100.7');
    // The client forged the first hop; the proxies appended the real address after it.
    expect(resolve('10.0.0.1', '1.1.1.1, 198.51.100.7')).toBe('198.51.100.7');
    expect(resolve('10.0.0.1', '1.1.1.1, 198.51.100.7, 10.0.0.9, 10.2.0.3')).toBe('198.51.100.7');
    expect(resolve('10.0.0.1', ['1.1.1.1, 198.51.100.7', '10.0.0.9'])).toBe('198.51.100.7');
    expect(resolve('fd00::1', '2001:db8::5, fd12::7')).toBe('2001:db8::5');
  });

  it('stops at the last address vouched for when a hop is malformed, or when every hop is trusted', () => {
    expect(resolve('10.0.0.1', 'nonsense, 10.0.0.9')).toBe('10.0.0.9');
    expect(resolve('10.0.0.1', '198.51.100.7, not-an-ip')).toBe('10.0.0.1');
    expect(resolve('10.0.0.1', '10.0.0.7, 10.0.0.9')).toBe('10.0.0.7');
    expect(resolve('10.0.0.1', '')).toBe('10.0.0.1');
  });

  it('drops a port a proxy appended to the address (Azure App Service: 1.2.3.4:1234), as Healthchecks', () => {
    expect(resolve('10.0.0.1', '198.51.100.7:1234')).toBe('198.51.100.7');
    expect(resolve('10.0.0.1', '[2001:db8::5]:443, 10.0.0.9:80')).toBe('2001:db8::5');
    expect(resolve('10.0.0.1', '198.51.100.7:99999')).toBe('10.0.0.1');
  });

  it('reads only the last hops of a huge header', () => {
    expect(resolve('10.0.0.1', `${'9.9.9.9, '.repeat(100_000)}198.51.100.7`)).toBe('198.51.100.7');
    // 16 hops are read at most: the 17th from the right is never reached.
    expect(resolve('10.0.0.1', `${'198.51.100.1, '.repeat(10)}${'10.0.0.2, '.repeat(16)}10.0.0.3`)).toBe('10.0.0.2');
  });

  it('trusts nobody without TRUSTED_PROXIES', () => {
    expect(createClientAddressResolver([])('10.0.0.1', '198.51.100.7')).toBe('10.0.0.1');
  });
});
