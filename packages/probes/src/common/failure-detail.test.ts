import { failureDetail } from './failure-detail.js';

describe('failureDetail', () => {
  it('replaces the address a host name resolved to with the host name', () => {
    const err = {
      code: 'EHOSTUNREACH',
      message: 'connect EHOSTUNREACH 10.1.2.3:443',
      cause: { code: 'EHOSTUNREACH', address: '10.1.2.3', port: 443 },
      options: { url: new URL('https://internal.example/health') },
    };
    expect(failureDetail(err)).toBe('connect EHOSTUNREACH internal.example:443');
  });

  it('hides an IPv6 address too, and without a URL names no host', () => {
    const err = { code: 'ENETUNREACH', message: 'connect ENETUNREACH fd12::7:80 - Local (:::0)', cause: { address: 'fd12::7', port: 80 } };
    expect(failureDetail(err)).toBe('connect ENETUNREACH the server:80 - Local (:::0)');
  });

  it('keeps an IP literal the user typed', () => {
    const err = {
      code: 'EHOSTUNREACH',
      message: 'connect EHOSTUNREACH 192.0.2.1:80',
      cause: { address: '192.0.2.1', port: 80 },
      options: { url: 'http://192.0.2.1/' },
    };
    expect(failureDetail(err)).toBe('connect EHOSTUNREACH 192.0.2.1:80');
  });

  it('drops getaddrinfo and bounds the length', () => {
    expect(failureDetail({ code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND nosuch.invalid' })).toBe('ENOTFOUND nosuch.invalid');
    expect(failureDetail({ message: 'x'.repeat(1000) })).toHaveLength(300);
    expect(failureDetail({ code: 'ERR_TOO_MANY_REDIRECTS', message: 'Redirected 5 times. Aborting.' })).toBe('too many redirects (more than 5)');
  });
});
