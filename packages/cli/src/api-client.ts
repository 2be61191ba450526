import type { DesiredProject } from './project-files.js';

/** One resource's step of a plan, as POST /api/v1/code/plan answers. */
export interface PlannedChange {
  type: 'check' | 'integration';
  key: string;
  action: 'create' | 'update' | 'delete' | 'unchanged' | 'unmanaged';
  etag?: string;
  fields: { field: string; from?: unknown; to?: unknown; secret?: true }[];
}

export interface ExportedProject {
  checks: Record<string, Record<string, unknown>>;
  integrations: Record<string, Record<string, unknown>>;
  env: { name: string; field: string }[];
}

/** An answer of the API other than success: its status, message and field errors. */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

/** The REST API v1 as the CLI uses it: `baseUrl` is the installation's address, `key` a project API key. */
export class ApiClient {
  constructor(
    private readonly baseUrl: string,
    private readonly key: string,
  ) {}

  private async call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T | undefined> {
    const res = await fetch(`${this.baseUrl.replace(/\/+$/, '')}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${this.key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: { message?: string; errors?: Record<string, string[]> } | undefined;
    try {
      parsed = text ? (JSON.parse(text) as typeof parsed) : undefined;
    } catch {
      parsed = undefined;
    }
    if (!res.ok) throw new ApiFailure(res.status, parsed?.message ?? `HTTP ${res.status}`, parsed?.errors ?? {});
    return parsed as T | undefined;
  }

  async plan(desired: DesiredProject, prune: boolean): Promise<PlannedChange[]> {
    return (await this.call<{ data: PlannedChange[] }>('POST', '/code/plan', { ...desired, prune }))!.data;
  }

  async exportProject(): Promise<ExportedProject> {
    return (await this.call<{ data: ExportedProject }>('GET', '/code/export'))!.data;
  }

  /** Creates (If-None-Match: *) or updates (If-Match: the planned etag) one resource. */
  async put(change: PlannedChange, body: Record<string, unknown>): Promise<void> {
    const condition: Record<string, string> = change.etag ? { 'if-match': change.etag } : { 'if-none-match': '*' };
    await this.call('PUT', `/code/${change.type}s/${encodeURIComponent(change.key)}`, body, condition);
  }

  async remove(change: PlannedChange): Promise<void> {
    await this.call('DELETE', `/code/${change.type}s/${encodeURIComponent(change.key)}`, undefined, { 'if-match': change.etag ?? '' });
  }
}
