import { blockReason, isAddressAllowed, parseAllowList } from './address-policy.js';

describe('blockReason (default policy)', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.1.1', 'linkLocal'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.170.2', 'cloud metadata'],
    ['100.100.100.200', 'cloud metadata'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['100.127.255.255', 'carrierGradeNat'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'uniqueLocal'],
    ['fd12:3456::1', 'uniqueLocal'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['fe80::1', 'linkLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['4000::1', 'reserved'],
    // IPv6 forms that carry an IPv4 address are judged by that address.
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'cloud metadata'],
    ['::127.0.0.1', 'loopback'],
    ['::a00:1', 'private'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'cloud metadata'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    // IPv4-translated (RFC 6145): ipaddr.js's toIPv4Address() throws on these.
    ['::ffff:0:7f00:1', 'loopback'],
    ['::ffff:0:127.0.0.1', 'loopback'],
    ['::ffff:0:a9fe:a9fe', 'cloud metadata'],
    ['::ffff:0:a00:1', 'private'],
    ['64:ff9b:1::a9fe:a9fe', 'cloud metadata'],
    ['64:ff9b:1:a9fe:a9:fe00::', 'cloud metadata'],
    ['2002:a9fe:a9fe::1', 'cloud metadata'],
    ['2001:0:a9fe:a9fe::1', 'cloud metadata'],
    ['2001:0:4136:e378:8000:63bf:5601:5601', 'cloud metadata'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo'],
    ['fd00:ec2::23', 'cloud metadata'],
    ['169.254.170.23', 'cloud metadata'],
    ['not-an-ip', 'not an IP address'],
    ['1'.repeat(100_000), 'not an IP address'],
    ['', 'not an IP address'],
  ])('%s is blocked as %s', (ip, reason) => {
    expect(blockReason(ip)).toBe(reason);
    expect(isAddressAllowed(ip)).toBe(false);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '93.184.216.34',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '2606:4700::1111',
    '2a00:1450:4001::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
    '::ffff:0:808:808',
  ])('%s (public) is allowed', (ip) => {
    expect(blockReason(ip)).toBeNull();
    expect(isAddressAllowed(ip)).toBe(true);
  });
});

describe('allow-list', () => {
  const allow = parseAllowList(['127.0.0.0/8', '10.0.0.0/8', ' fd00::/8 ', '169.254.0.0/16']);

  it('re-opens the listed CIDRs, IPv4-mapped forms included', () => {
    for (const ip of ['127.0.0.1', '10.20.30.40', '::ffff:127.0.0.1', 'fd12::1', '169.254.1.1']) expect(isAddressAllowed(ip, allow)).toBe(true);
  });

  it('leaves everything else blocked', () => {
    for (const ip of ['192.168.1.1', '::1', '172.16.0.1', 'fe80::1', '100.64.0.1']) expect(isAddressAllowed(ip, allow)).toBe(false);
  });

  it('keeps metadata endpoints shut inside a broad allowed CIDR', () => {
    expect(blockReason('169.254.169.254', allow)).toBe('cloud metadata');
    expect(blockReason('fd00:ec2::254', allow)).toBe('cloud metadata');
  });

  it('refuses metadata endpoints before the allow-list is consulted, even named exactly or embedded in an allowed IPv6 range', () => {
    const everything = parseAllowList(['169.254.169.254/32', 'fd00:ec2::254/128', '0.0.0.0/0', '::/0']);
    for (const ip of [
      '169.254.169.254',
      'fd00:ec2::254',
      '::ffff:169.254.169.254',
      '::ffff:a9fe:a9fe',
      '::ffff:0:a9fe:a9fe',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b::169.254.169.254',
      '2002:a9fe:a9fe::',
      '::169.254.169.254',
    ]) {
      expect(blockReason(ip, everything)).toBe('cloud metadata');
    }
    expect(isAddressAllowed('169.254.169.253', everything)).toBe(true);
  });

  it('judges an IPv4-translated address by its IPv4 address against the allow-list', () => {
    expect(isAddressAllowed('::ffff:0:10.1.2.3', allow)).toBe(true);
    expect(blockReason('::ffff:0:192.168.1.1', allow)).toBe('private');
  });

  it('an IPv6 CIDR matches a mapped address when it covers it', () => {
    expect(isAddressAllowed('::ffff:192.168.0.1', parseAllowList(['::ffff:0:0/96']))).toBe(true);
  });

  it('rejects a malformed CIDR', () => {
    expect(() => parseAllowList(['10.0.0.0'])).toThrow();
    expect(() => parseAllowList(['10.0.0.0/33'])).toThrow();
  });
});
