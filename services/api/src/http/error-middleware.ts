import { randomUUID } from 'node:crypto';
import type { ErrorRequestHandler } from 'express';
import type { Logger } from '@upmon/logger';
import { ApiError, type ApiErrorCode } from './api-error.js';

/** body-parser's error types → our codes (it throws plain errors with `type` and `status`). */
const BODY_PARSER_CODES: Record<string, ApiErrorCode> = {
  'entity.parse.failed': 'bad_request',
  'entity.too.large': 'payload_too_large',
  'request.aborted': 'bad_request',
  'request.size.invalid': 'bad_request',
  'encoding.unsupported': 'unsupported_media_type',
  'charset.unsupported': 'unsupported_media_type',
};

function fromBodyParser(err: unknown, limitBytes: number): ApiError | null {
  const type = (err as { type?: unknown } | null)?.type;
  if (typeof type !== 'string') return null;
  const code = BODY_PARSER_CODES[type];
  if (!code) return null;
  if (code === 'payload_too_large') return new ApiError(code, `request body is larger than ${limitBytes} bytes`);
  if (type === 'entity.parse.failed') return new ApiError(code, 'request body is not valid JSON');
  return new ApiError(code, (err as Error).message);
}

/**
 * The one error middleware: ApiError → its status and `{message[, errors]}`; anything else → 500
 * `{message, error_id}` with the error logged under the same id. Never a stack trace in a response.
 */
export function errorMiddleware(logger: Logger, opts: { bodyLimitBytes: number }): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    const known = err instanceof ApiError ? err : fromBodyParser(err, opts.bodyLimitBytes);
    if (known) {
      for (const [k, v] of Object.entries(known.options.headers ?? {})) res.setHeader(k, v);
      const body: Record<string, unknown> = { message: known.message };
      if (known.options.errors) body.errors = known.options.errors;
      res.status(known.status).json(body);
      return;
    }
    const errorId = randomUUID();
    logger.error({ err, errorId, method: req.method, path: req.path }, 'unhandled error');
    res.status(500).json({ message: 'internal server error', error_id: errorId });
  };
}
