/**
 * A browser-like HTTP client for the web app's tests: keeps cookies, reads the CSRF token of the
 * last page, follows nothing by itself (tests see every redirect).
 */
export interface WebResponse {
  status: number;
  text: string;
  headers: Headers;
  location: string | null;
}

export class WebClient {
  readonly cookies = new Map<string, string>();
  csrf = '';

  /** `headers` go with every request (e.g. X-Forwarded-For, to be another client behind a trusted proxy). */
  constructor(
    readonly baseUrl: string,
    readonly headers: Record<string, string> = {},
  ) {}

  private store(res: Response): void {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = (pair as string).indexOf('=');
      const name = (pair as string).slice(0, eq);
      const value = (pair as string).slice(eq + 1);
      if (value === '' || /Expires=Thu, 01 Jan 1970/i.test(c)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, path: string, body?: URLSearchParams | string, headers: Record<string, string> = {}): Promise<WebResponse> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        cookie: this.cookieHeader(),
        ...this.headers,
        ...(body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...headers,
      },
      body,
    });
    this.store(res);
    const text = await res.text();
    const m = /name="_csrf" value="([^"]+)"/.exec(text);
    if (m) this.csrf = m[1] as string;
    return { status: res.status, text, headers: res.headers, location: res.headers.get('location') };
  }

  get(path: string): Promise<WebResponse> {
    return this.request('GET', path);
  }

  /** POSTs a form with the CSRF token of the last page (unless `_csrf` is given). */
  post(path: string, fields: Record<string, string | string[]> = {}): Promise<WebResponse> {
    const form = new URLSearchParams();
    if (!('_csrf' in fields)) form.append('_csrf', this.csrf);
    for (const [k, v] of Object.entries(fields)) for (const x of Array.isArray(v) ? v : [v]) form.append(k, x);
    return this.request('POST', path, form);
  }

  /** GETs `formPage` first (for its CSRF token), then POSTs. */
  async submit(formPage: string, path: string, fields: Record<string, string | string[]> = {}): Promise<WebResponse> {
    await this.get(formPage);
    return this.post(path, fields);
  }

  /** Signs in with a password; returns the redirect. */
  async signIn(email: string, password: string, next?: string): Promise<WebResponse> {
    await this.get('/sign-in');
    return this.post('/sign-in', { email, password, ...(next ? { next } : {}) });
  }
}

/** The text content of an HTML page, tags dropped and entities of the five escaped characters decoded. */
export function pageText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}
