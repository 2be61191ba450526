/** An error page the web app shows on purpose, with its status. */
export class WebError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 413 | 429 | 503,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'WebError';
  }
}

export const notFound = () => new WebError(404, 'There is nothing here, or you do not have access to it.');
