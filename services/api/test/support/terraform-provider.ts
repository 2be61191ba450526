// What the Terraform provider kristofferahl/healthchecksio (healthchecksio/resource_check.go, as of
// b8e535d) does with a `healthchecksio_check` resource, restated so a test can play its apply,
// refresh, import and plan against upmon: the request it builds from the configuration
// (createHealthcheckFromResourceData), the state it reads back (resourceHealthcheckRead) and the
// attributes a plan would show as changed. Terraform itself cannot be installed here.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';

/** The resource's attributes as a configuration sets them. */
export interface TfCheckConfig {
  name: string;
  slug?: string;
  tags?: string[];
  timeout?: number;
  grace?: number;
  schedule?: string;
  timezone?: string;
  channels?: string[];
  desc?: string;
  methods?: '' | 'POST';
}

/** go-healthchecksio's `Healthcheck` (the request body), field by field. */
export interface GoHealthcheck {
  Channels: string;
  Description: string;
  Grace: number;
  Methods: string;
  Name: string;
  Slug: string;
  Schedule: string;
  Tags: string;
  Timeout: number;
  Timezone: string;
}

/** go-healthchecksio's `HealthcheckResponse` as it decodes an answer (absent fields are zero values). */
export type GoHealthcheckResponse = Record<string, string | number>;

export type TfState = Record<string, unknown>;

/** The provider's schema defaults (grace 3600, methods ""). */
const GRACE_DEFAULT = 3600;

/** generateSlugFromName. */
export function providerSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/-+/g, '-');
}

/** createHealthcheckFromResourceData: `d.GetOk` skips zero values; grace has its default. */
export function providerRequest(c: TfCheckConfig): GoHealthcheck {
  return {
    Channels: (c.channels ?? []).filter((x) => x !== '').join(','),
    Description: c.desc ?? '',
    Grace: c.grace ?? GRACE_DEFAULT,
    Methods: c.methods ?? '',
    Name: c.name,
    Slug: c.slug ?? providerSlug(c.name),
    Schedule: c.schedule ?? '',
    Tags: (c.tags ?? []).join(' '),
    Timeout: c.timeout ?? 0,
    Timezone: c.timezone ?? '',
  };
}

/** sortByLeft: the channels in the order the prior state had them, new ones after, sorted. */
function sortByLeft(left: string[], right: string[]): string[] {
  const sorted = left.filter((x, i) => right.includes(x) && left.indexOf(x) === i);
  const rest = [...new Set(right.filter((x) => !sorted.includes(x)))].sort();
  return [...sorted, ...rest];
}

/** resourceHealthcheckRead: the state from the check the API returned (`prior`: the state or configuration it had). */
export function providerRead(r: GoHealthcheckResponse, prior: { channels?: string[] } | null): TfState {
  const str = (k: string) => (typeof r[k] === 'string' ? (r[k] as string) : '');
  const num = (k: string) => (typeof r[k] === 'number' ? (r[k] as number) : 0);
  let channels = str('channels') === '' ? [] : str('channels').split(',');
  if (channels.length > 0 && prior?.channels && prior.channels.length > 0) channels = sortByLeft(prior.channels, channels);
  return {
    name: str('name'),
    slug: str('slug'),
    tags: str('tags') === '' ? [] : str('tags').split(' '),
    timeout: num('timeout'),
    grace: num('grace'),
    schedule: str('schedule'),
    timezone: str('tz'),
    channels,
    ping_url: str('ping_url'),
    pause_url: str('pause_url'),
    desc: str('desc'),
    methods: str('methods'),
  };
}

/** HealthcheckResponse.ID(): the last segment of update_url. */
export function providerId(r: GoHealthcheckResponse): string {
  return String(r.update_url ?? '')
    .split('/')
    .pop() as string;
}

/**
 * The attributes `terraform plan` would show as changed: each configured attribute (or its
 * default) against the state; optional attributes left out plan their zero value, and `slug`
 * (optional and computed) is compared only when configured.
 */
export function planChanges(c: TfCheckConfig, state: TfState): string[] {
  const want: Record<string, unknown> = {
    name: c.name,
    tags: c.tags ?? [],
    timeout: c.timeout ?? 0,
    grace: c.grace ?? GRACE_DEFAULT,
    schedule: c.schedule ?? '',
    timezone: c.timezone ?? '',
    channels: c.channels ?? [],
    desc: c.desc ?? '',
    methods: c.methods ?? '',
  };
  if (c.slug !== undefined) want.slug = c.slug;
  return Object.entries(want)
    .filter(([k, v]) => JSON.stringify(state[k]) !== JSON.stringify(v))
    .map(([k, v]) => `${k}: ${JSON.stringify(state[k])} → ${JSON.stringify(v)}`);
}

/** The calls the provider makes, through some implementation of go-healthchecksio's Client. */
export interface HcClient {
  create(check: GoHealthcheck): Promise<GoHealthcheckResponse>;
  update(id: string, check: GoHealthcheck): Promise<GoHealthcheckResponse>;
  getAll(): Promise<GoHealthcheckResponse[]>;
  pause(id: string): Promise<GoHealthcheckResponse>;
  delete(id: string): Promise<GoHealthcheckResponse>;
  channels(): Promise<{ id?: string; name?: string; kind?: string }[]>;
  close(): Promise<void>;
}

const RESPONSE_FIELDS = [
  'channels',
  'desc',
  'grace',
  'last_ping',
  'methods',
  'name',
  'slug',
  'next_ping',
  'pause_url',
  'n_pings',
  'ping_url',
  'schedule',
  'status',
  'tags',
  'timeout',
  'tz',
  'update_url',
];

/** The JSON go-healthchecksio sends for a Healthcheck: its json tags, `omitempty` where it has them. */
function goJson(c: GoHealthcheck): string {
  const body: Record<string, unknown> = { channels: c.Channels };
  if (c.Description) body.desc = c.Description;
  if (c.Grace) body.grace = c.Grace;
  body.methods = c.Methods;
  for (const [k, v] of [
    ['name', c.Name],
    ['slug', c.Slug],
    ['schedule', c.Schedule],
    ['tags', c.Tags],
  ] as const)
    if (v) body[k] = v;
  if (c.Timeout) body.timeout = c.Timeout;
  if (c.Timezone) body.tz = c.Timezone;
  return JSON.stringify(body);
}

/** An answer as HealthcheckResponse holds it: the fields it knows, zero values dropped. */
function goDecoded(r: Record<string, unknown>): GoHealthcheckResponse {
  const out: GoHealthcheckResponse = {};
  for (const k of RESPONSE_FIELDS) {
    const v = r[k];
    if ((typeof v === 'string' && v !== '') || (typeof v === 'number' && v !== 0)) out[k] = v;
  }
  return out;
}

/** go-healthchecksio's Client restated over fetch: same paths, headers, bodies and error texts. */
export function fetchHcClient(baseUrl: string, apiKey: string): HcClient {
  const request = async (method: string, path: string, body?: string) => {
    const res = await fetch(`${baseUrl}${path}`, { method, headers: { 'Content-Type': 'application/json', 'X-Api-Key': apiKey }, body });
    const text = await res.text();
    if (res.status >= 300) {
      let message: string;
      try {
        message = String((JSON.parse(text) as { error?: unknown }).error ?? '');
      } catch (err) {
        message = (err as Error).message;
      }
      throw new Error(`${message}. ${method} ${baseUrl}${path} >> ${res.status}`);
    }
    return JSON.parse(text) as Record<string, unknown>;
  };
  return {
    create: async (c) => goDecoded(await request('POST', '/checks/', goJson(c))),
    update: async (id, c) => goDecoded(await request('POST', `/checks/${id}`, goJson(c))),
    getAll: async () => ((await request('GET', '/checks/')).checks as Record<string, unknown>[]).map(goDecoded),
    pause: async (id) => goDecoded(await request('POST', `/checks/${id}/pause`)),
    delete: async (id) => goDecoded(await request('DELETE', `/checks/${id}`)),
    channels: async () => (await request('GET', '/channels/')).channels as { id: string; name: string; kind: string }[],
    close: async () => {},
  };
}

/** The real go-healthchecksio, through the driver in test/fixtures/go-healthchecksio-driver. */
export function goDriverHcClient(binary: string, baseUrl: string, apiKey: string): HcClient {
  const child: ChildProcessWithoutNullStreams = spawn(binary, [], { env: { HC_API_URL: baseUrl, HC_API_KEY: apiKey }, stdio: 'pipe' });
  const lines = createInterface({ input: child.stdout });
  const pending: ((line: string) => void)[] = [];
  lines.on('line', (line) => pending.shift()?.(line));
  child.stderr.resume(); // the library logs every request at [DEBUG]
  const call = (req: Record<string, unknown>) =>
    new Promise<any>((resolve, reject) => {
      pending.push((line) => {
        const a = JSON.parse(line) as { ok: boolean; result?: unknown; error?: string };
        if (a.ok) resolve(a.result);
        else reject(new Error(a.error));
      });
      child.stdin.write(`${JSON.stringify(req)}\n`);
    });
  // The driver's request type embeds Healthcheck, whose json tags are the API's field names.
  const body = (c: GoHealthcheck) => JSON.parse(goJson(c)) as Record<string, unknown>;
  return {
    create: (c) => call({ op: 'create', check: body(c) }),
    update: (id, c) => call({ op: 'update', id, check: body(c) }),
    getAll: async () => ((await call({ op: 'getAll' })) as GoHealthcheckResponse[] | null) ?? [],
    pause: (id) => call({ op: 'pause', id }),
    delete: (id) => call({ op: 'delete', id }),
    channels: (): Promise<{ id?: string; name?: string; kind?: string }[]> => call({ op: 'channels' }),
    close: async () => {
      child.stdin.end();
      await new Promise((r) => child.once('exit', r));
    },
  };
}
