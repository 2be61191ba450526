import { Writable } from 'node:stream';
import { createLogger } from '../src/index.js';

describe('logger redaction', () => {
  it('never writes the encryption keys, at the top level or inside a logged config', () => {
    let out = '';
    const logger = createLogger({ service: 't', destination: new Writable({ write: (c, _e, cb) => ((out += String(c)), cb()) }) });
    logger.info({ encryptionKeys: ['k-new', 'k-old'], config: { encryptionKeys: ['k-new'] }, svc: { encryptionKeys: ['k-new'] } }, 'start');
    expect(out).not.toContain('k-new');
    expect(out).not.toContain('k-old');
  });
});
