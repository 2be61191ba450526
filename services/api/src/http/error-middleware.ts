import { randomUUID } from 'node:crypto';
import type { ErrorRequestHandler } from 'express';
import { redactPath, type Logger } from '@upmon/logger';
import { ApiError, type ApiErrorCode } from '@upmon/domain';

/** body-parser's error types → our codes (it throws plain errors with `type` and `status`). */
const BODY_PARSER_CODES: Record<string, ApiErrorCode> = {
  'entity.parse.failed': 'bad_request',
  'entity.too.large': 'payload_too_large',
  'request.aborted': 'bad_request',
  'request.size.invalid': 'bad_request',
  'encoding.unsupported': 'unsupported_media_type',
  'charset.unsupported': 'unsupported_media_type',
};

function fromBodyParser(err: unknown): ApiError | null {
  const type = (err as { type?: unknown } | null)?.type;
  if (typeof type !== 'string') return null;
  const code = BODY_PARSER_CODES[type];
  if (!code) return null;
  // The limit of the parser that refused it: routes have their own (the prober's results take 1 MiB).
  if (code === 'payload_too_large') return new ApiError(code, `request body is larger than ${(err as { limit: number }).limit} bytes`);
  if (type === 'entity.parse.failed') return new ApiError(code, 'request body is not valid JSON');
  return new ApiError(code, (err as Error).message);
}

/** An error as answered: its status and body. */
export interface ErrorAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** upmon's own shape: `{message[, errors][, error_id]}`. */
const upmonShape = (status: number, body: Record<string, unknown>): ErrorAnswer => ({ status, body });

/**
 * The one error middleware: ApiError → its status and `{message[, errors]}`; anything else → 500
 * `{message, error_id}` with the error logged under the same id. Never a stack trace in a response.
 * `shape` restates an answer for an API with other conventions (the Healthchecks-compatible API).
 */
export function errorMiddleware(logger: Logger, opts: { shape?: (status: number, body: Record<string, unknown>) => ErrorAnswer } = {}): ErrorRequestHandler {
  const shape = opts.shape ?? upmonShape;
  return (err, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    // The router's URIError: a path parameter with malformed percent-encoding (a client's mistake).
    const badPath = err instanceof URIError ? new ApiError('bad_request', 'malformed percent-encoding in the URL path') : null;
    const known = err instanceof ApiError ? err : (badPath ?? fromBodyParser(err));
    if (known) {
      for (const [k, v] of Object.entries(known.options.headers ?? {})) res.setHeader(k, v);
      const body: Record<string, unknown> = { message: known.message };
      if (known.options.errors) body.errors = known.options.errors;
      const a = shape(known.status, body);
      res.status(a.status).json(a.body);
      return;
    }
    const errorId = randomUUID();
    logger.error({ err, errorId, method: req.method, path: redactPath(req.path) }, 'unhandled error');
    const a = shape(500, { message: 'internal server error', error_id: errorId });
    res.status(a.status).json(a.body);
  };
}
