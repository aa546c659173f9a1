import type { ErrorRequestHandler, RequestHandler } from 'express';
import { nonceOf } from './security.ts';

/** Unknown API paths answer JSON, not the HTML not-found page. */
export const apiNotFound: RequestHandler = (_req, res) => {
  res.status(404).json({ error: 'Not found' });
};

function statusOf(error: unknown): number {
  if (typeof error === 'object' && error !== null) {
    const status = 'status' in error ? error.status : 'statusCode' in error ? error.statusCode : undefined;
    if (typeof status === 'number' && status >= 400 && status < 600) return status;
  }
  return 500;
}

const errorPage = (nonce: string) => `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Something went wrong | Porchlight</title>
<style nonce="${nonce}">body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.6}</style>
</head><body><main><h1>Unexpected Application Error!</h1>
<p>Something went wrong on our side. Please try again in a moment, or <a href="/">go to the home page</a>.</p></main></body></html>`;

/** Last in the chain: logs the error, answers JSON for the API and a plain page otherwise, never a stack. */
export const errorHandler: ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent) {
    next(error);
    return;
  }
  const status = statusOf(error);
  if (status >= 500) req.log.error({ err: error }, 'request failed');
  if (req.path.startsWith('/api/') || req.path === '/api') {
    res.status(status).json({ error: status >= 500 ? 'Something went wrong. Please try again later.' : 'Bad request' });
    return;
  }
  res
    .status(status)
    .type('html')
    .send(errorPage(nonceOf(res)));
};
