import type { ProbedKind as ProbeKindName } from '@upmon/core';
import type { ObjectSchema } from 'joi';
import type { OutboundGuard } from '@upmon/outbound';
import type { Got } from 'got';
import type { SecureContext } from 'node:tls';
import type { CertificateInfo } from './common/certificate.js';
import type { ProbePhases } from './common/phases.js';
import type { RequestFailureKind } from './common/request-failure.js';
import type { Condition, ConditionType } from './conditions/condition.js';

/**
 * The probed kinds' names come from core (the state machine, below this package, needs them); the
 * registry must define exactly these (a compile error otherwise).
 */
export { PROBED_KINDS as PROBE_KIND_NAMES, type ProbedKind as ProbeKindName } from '@upmon/core';

/**
 * One input of a kind's web form, as plain data so the web app can render any kind (and a new
 * kind needs no new page). `name` is a path inside the config (`basic_auth.username`); the form's
 * input is named `<kind>_config.<name>`.
 */
export interface FormField {
  name: string;
  label: string;
  /**
   * text/url/number/password/textarea as in HTML; `select` with `options`; `checkbox` a boolean;
   * `list` a list of strings, one per line (or comma-separated); `headers` one `Name: value` per
   * line; `conditions` the kind's condition editor.
   */
  type: 'text' | 'url' | 'number' | 'password' | 'textarea' | 'select' | 'checkbox' | 'list' | 'headers' | 'conditions';
  hint?: string;
  required?: boolean;
  /** A credential: stored encrypted, shown masked. */
  secret?: boolean;
  options?: readonly { value: string; label: string }[];
  min?: number;
  max?: number;
  maxLength?: number;
  placeholder?: string;
  /** Shown only when the checkbox named here is ticked (e.g. TLS options of a TCP check). */
  showWhen?: string;
}

/** Every kind's config has these (the state machine counts failures against `confirmations`). */
export interface BaseProbeConfig {
  timeoutSec: number;
  confirmations: number;
  conditions: Condition[];
}

/**
 * What a probe needs from its process, built once (`createProbeContext`): the outbound guard every
 * connection goes through, the http client routed through it, and the clock that judges
 * certificates.
 */
export interface ProbeContext {
  guard: OutboundGuard;
  /** got with the guard's agents and the probe options common to every request (`probeClient`). */
  http: Got;
  userAgent: string;
  now(): Date;
  /** Extra trusted CA certificates (tests; operators use NODE_EXTRA_CA_CERTS). */
  certificateAuthority?: string | string[];
  /**
   * The TLS context for probes that speak TLS themselves, built once: a `ca` option per connection
   * would build (and parse) a context for every probe. Absent: node's default context.
   */
  secureContext?: SecureContext;
}

/** One probe's result: judged, explained, timed. */
export interface ProbeReport {
  /** Drive the state machine: ok → up; a failure counts towards `confirmations`; warning → late. */
  ok: boolean;
  warning: boolean;
  /** The ping body and the alert's reason: `HTTP 503 (expected 2xx,3xx)`, `connection refused`. */
  explanation: string;
  /** Each failing condition in words (also inside `explanation`). */
  failedConditions: string[];
  phases: ProbePhases;
  /** The certificate of a TLS-speaking probe. */
  certificate: CertificateInfo | null;
  /** Why no usable answer came (null when one did): the metrics' outcome. */
  failure: RequestFailureKind | null;
  /** The ping's method: the HTTP method, or TCP / DNS / TLS. */
  method: string;
  /** When the result was judged: the ping's ts and the state machine's now. */
  at: Date;
}

/** One line of "what is probed" on the check page: a label and its value, shown as text. */
export interface TargetFact {
  label: string;
  value: string;
}

export interface TargetFactOptions {
  /** Whether a URL's query (where API tokens hide) is shown: only to people who may edit the check. */
  showQuery: boolean;
}

/** A probe kind: everything about it lives in its folder, and the registry lists the kinds. */
export interface ProbeKindDefinition<C extends BaseProbeConfig = BaseProbeConfig> {
  kind: ProbeKindName;
  /** The API field that holds its config, and the database column (`http_config`, `tcp_config`…). */
  configField: `${ProbeKindName}_config`;
  /** The kind in words, for the web app. */
  words: {
    /** "New <title> check": `TCP`, `TLS certificate`. */
    title: string;
    /** The create form's tab: `TCP port`. */
    tab: string;
    /** The check page's kind line: `TCP port (probed by upmon)`. */
    summary: string;
  };
  /** The API's validation of the config (bounded joi; defaults applied). */
  schema: ObjectSchema;
  /** Top-level config fields stored encrypted (credentials). */
  secretFields: readonly string[];
  formFields: readonly FormField[];
  /** The conditions its probes can answer. */
  conditionTypes: readonly ConditionType[];
  /** The stored config (validated JSON, snake_case) with defaults; defensive, never throws. */
  fromJson(raw: unknown): C;
  /** What a check of this kind probes, in the order a person reads it (the target first): the check page. */
  targetFacts(config: C, opts: TargetFactOptions): TargetFact[];
  /** A valid config as the API takes it, pointing at nothing real: every-kind tests and factories. */
  sampleConfig: Readonly<Record<string, unknown>>;
  /** Probes once and judges the result at `ctx.now()`. Never throws. */
  probe(config: C, ctx: ProbeContext): Promise<ProbeReport>;
}
