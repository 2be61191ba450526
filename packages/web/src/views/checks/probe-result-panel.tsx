import type { TestProbeResult } from '@upmon/domain';
import { durationText } from '../duration-text.js';

/** What "Test now" found: the verdict, each failing condition, the phases and the certificate. */
export function ProbeResultPanel({ result }: { result: TestProbeResult }) {
  const verdict = !result.ok ? 'Failed' : result.warning ? 'Passed with a warning' : 'Passed';
  const p = result.phases;
  const phases: [string, number | null][] = [
    ['DNS', p.dnsMs],
    ['connect', p.connectMs],
    ['TLS', p.tlsMs],
    ['first byte', p.firstByteMs],
  ];
  return (
    <section class={`panel probe-result ${result.ok ? 'alert-ok' : 'alert-error'}`} role="status" aria-labelledby="h-probe-result" data-field="probe-result">
      <h2 id="h-probe-result" class="first">
        Test probe: {verdict}
      </h2>
      <p>
        <code class="wrap">{result.explanation}</code>
      </p>
      {result.failed_conditions.length ? (
        <>
          <h3>Failing conditions</h3>
          <ul data-field="failed-conditions">
            {result.failed_conditions.map((c) => (
              <li>{c}</li>
            ))}
          </ul>
        </>
      ) : null}
      <p data-field="phases">
        Took {durationText(p.totalMs)}
        {phases.some(([, v]) => v !== null)
          ? `: ${phases
              .filter(([, v]) => v !== null)
              .map(([k, v]) => `${k} ${durationText(v as number)}`)
              .join(', ')}`
          : ''}
        .
      </p>
      {result.certificate ? (
        <p data-field="certificate">
          Certificate: {result.certificate.subject}, issued by {result.certificate.issuer}, valid until {result.certificate.validTo.slice(0, 10)}.
        </p>
      ) : null}
      <p class="hint">Nothing was saved: this probe was made with the form as it is.</p>
    </section>
  );
}
