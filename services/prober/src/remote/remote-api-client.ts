import type { ProbeReport } from '@upmon/probes';

/** One probe as the api hands it (see the api's /prober/jobs). */
export interface HandedProbe {
  check_id: string;
  scheduled_at: string;
  kind: string;
  config: unknown;
}

/** The api refused the location key (revoked, rotated out, or never valid): asking again is pointless. */
export class LocationKeyRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LocationKeyRefusedError';
  }
}

/** Any other failure to talk to the api (network, 5xx, 429): worth retrying after a while. */
export class RemoteApiError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'RemoteApiError';
  }
}

/** A finished probe, as POSTed to /prober/results. */
export interface FinishedProbe {
  probe: HandedProbe;
  report: ProbeReport;
}

function resultOf({ probe, report }: FinishedProbe) {
  const c = report.certificate;
  return {
    check_id: probe.check_id,
    scheduled_at: probe.scheduled_at,
    ok: report.ok,
    warning: report.warning,
    failure: report.failure,
    explanation: report.explanation.slice(0, 1000),
    method: report.method,
    at: report.at.toISOString(),
    phases: {
      dns_ms: report.phases.dnsMs,
      connect_ms: report.phases.connectMs,
      tls_ms: report.phases.tlsMs,
      first_byte_ms: report.phases.firstByteMs,
      total_ms: Math.min(600_000, Math.round(report.phases.totalMs)),
    },
    certificate: c
      ? { subject: c.subject, issuer: c.issuer, sans: c.sans, valid_from: c.validFrom, valid_to: c.validTo, fingerprint256: c.fingerprint256 }
      : null,
  };
}

/**
 * The remote prober's only connection: HTTPS to the api, with the location key. Outbound only;
 * the api never connects to it.
 */
export class RemoteApiClient {
  constructor(
    private readonly apiUrl: string,
    private readonly locationKey: string,
    private readonly userAgent: string,
  ) {}

  /** Due probes, waiting up to `waitSec` on the api for some to come. */
  async nextProbes(waitSec: number, signal: AbortSignal): Promise<HandedProbe[]> {
    const body = (await this.call('GET', `/api/v1/prober/jobs?wait=${waitSec}`, undefined, (waitSec + 15) * 1000, signal)) as {
      data: { probes: HandedProbe[] };
    };
    return body.data.probes;
  }

  async sendResults(finished: readonly FinishedProbe[]): Promise<{ recorded: number; refused: unknown[] }> {
    const body = (await this.call('POST', '/api/v1/prober/results', { results: finished.map(resultOf) }, 30_000)) as {
      data: { recorded: number; refused: unknown[] };
    };
    return body.data;
  }

  private async call(method: string, path: string, payload: unknown, timeoutMs: number, signal?: AbortSignal): Promise<unknown> {
    const timeout = AbortSignal.timeout(timeoutMs);
    let res: Response;
    try {
      res = await fetch(`${this.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.locationKey}`,
          'user-agent': this.userAgent,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: payload === undefined ? null : JSON.stringify(payload),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (err) {
      throw new RemoteApiError(`${method} ${path}: ${(err as Error).message}`);
    }
    const text = await res.text().catch(() => '');
    if (res.status === 401) throw new LocationKeyRefusedError(`the api refused the location key: ${text.slice(0, 200)}`);
    if (!res.ok) {
      const retryAfter = Number(res.headers.get('retry-after'));
      throw new RemoteApiError(
        `${method} ${path}: HTTP ${res.status} ${text.slice(0, 200)}`,
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : null,
      );
    }
    return JSON.parse(text) as unknown;
  }
}
