import { parsePingUrl } from './ping-url.js';

const UUID = '0b7f3c1e-2a4d-4c6b-9e8f-1a2b3c4d5e6f';

describe('parsePingUrl bounds', () => {
  it('parses the usual shapes', () => {
    expect(parsePingUrl(`/${UUID}/fail?rid=${UUID}`)).toMatchObject({ ok: true, ping: { kind: 'fail', rid: UUID } });
    expect(parsePingUrl('/abcdefgh12/nightly-backup/5?create=1')).toMatchObject({ ok: true, ping: { kind: 'exit', exitStatus: 5, create: true } });
  });

  it('does not treat an over-long path as a ping, and refuses an over-long query', () => {
    expect(parsePingUrl(`/abcdefgh12/${'a'.repeat(500)}`)).toBeNull();
    expect(parsePingUrl(`/${UUID}?x=${'a'.repeat(2000)}`)).toEqual({ ok: false, status: 400, message: 'query string too long' });
    expect(parsePingUrl(`/${UUID}?x=${'a'.repeat(1000)}`)).toMatchObject({ ok: true });
  });
});
