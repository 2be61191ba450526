import type { KeptCertificate } from '@upmon/domain';
import { Time } from '../time.js';

/** The certificate a TLS-speaking check's server presented last. */
export function CertificatePanel({ cert, now }: { cert: KeptCertificate; now: Date }) {
  const days = Math.floor((cert.validTo.getTime() - now.getTime()) / 86_400_000);
  return (
    <section class="panel" aria-labelledby="h-certificate">
      <h2 id="h-certificate" class="first">
        TLS certificate
      </h2>
      <dl class="facts" data-field="certificate">
        <dt>Subject</dt>
        <dd>{cert.subject || '—'}</dd>
        <dt>Issuer</dt>
        <dd>{cert.issuer || '—'}</dd>
        <dt>Names</dt>
        <dd>{cert.sans.length ? cert.sans.join(', ') : '—'}</dd>
        <dt>Valid from</dt>
        <dd>
          <Time at={cert.validFrom} />
        </dd>
        <dt>Expires</dt>
        <dd data-field="days_left">
          <Time at={cert.validTo} /> ({days < 0 ? `expired ${-days} day${days === -1 ? '' : 's'} ago` : `in ${days} day${days === 1 ? '' : 's'}`})
        </dd>
        <dt>SHA-256</dt>
        <dd>
          <code class="wrap">{cert.fingerprint256}</code>
        </dd>
        <dt>Seen</dt>
        <dd>
          <Time at={cert.observedAt} relative />
        </dd>
      </dl>
    </section>
  );
}
