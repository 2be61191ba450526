import { randomUUID } from 'node:crypto';
import type { ErrorRequestHandler } from 'express';
import { redactPath, type Logger } from '@upmon/logger';
import { ApiError } from '@upmon/domain';
import { MessagePage } from '../views/message-page.js';
import type { Assets } from './assets.js';
import { pageContext, sendPage } from './render.js';
import { WebError } from './web-error.js';

const TITLES: Record<number, string> = {
  400: 'That did not work',
  403: 'Not allowed',
  404: 'Not found',
  409: 'That did not work',
  413: 'Too much data',
  429: 'Slow down',
  503: 'Unavailable',
};

/**
 * Errors of the web app as pages: WebError and the domain services' ApiError with their status
 * and message; body-parser's limits as 413/400; anything else a 500 page with an error id that is
 * also logged (never a stack trace).
 */
export function webErrorMiddleware(logger: Logger, assets: Assets): ErrorRequestHandler {
  return (err, req, res, next) => {
    if (res.headersSent) {
      next(err);
      return;
    }
    let status: number;
    let message: string;
    const headers: Record<string, string> = {};
    const type = (err as { type?: unknown }).type;
    if (err instanceof WebError) {
      status = err.status;
      message = err.message;
      Object.assign(headers, err.headers);
    } else if (err instanceof ApiError) {
      status = err.status;
      message = err.message.charAt(0).toUpperCase() + err.message.slice(1);
      Object.assign(headers, err.options.headers ?? {});
    } else if (type === 'entity.too.large' || type === 'parameters.too.many') {
      status = 413;
      message = 'The form was larger than upmon accepts.';
    } else if (typeof type === 'string' && type.startsWith('entity.')) {
      status = 400;
      message = 'The form could not be read.';
    } else {
      const errorId = randomUUID();
      logger.error({ err, errorId, method: req.method, path: redactPath(req.path) }, 'unhandled error');
      for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
      sendPage(
        res,
        <MessagePage page={pageContext(res, assets)} title="Something went wrong">
          <p>upmon could not complete this request. Nothing you had already saved was lost.</p>
          <p class="muted">
            Error id: <code>{errorId}</code>
          </p>
        </MessagePage>,
        500,
      );
      return;
    }
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    sendPage(
      res,
      <MessagePage page={pageContext(res, assets)} title={TITLES[status] ?? 'Error'}>
        <p>{message}</p>
        <p>
          <a href="/projects">Back to your projects</a>
        </p>
      </MessagePage>,
      status,
    );
  };
}
