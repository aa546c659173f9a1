import type { ErrorRequestHandler, RequestHandler } from 'express';
import { SERVER_FAULT_MESSAGE, sendApiError } from './api-error.ts';
import { nonceOf } from './security.ts';

/** Unknown API paths answer JSON, not the HTML not-found page. */
export const apiNotFound: RequestHandler = (_req, res) => {
  sendApiError(res, 404, 'Not found');
};

function statusOf(error: unknown): number {
  if (typeof error === 'object' && error !== null) {
    const status = 'status' in error ? error.status : 'statusCode' in error ? error.statusCode : undefined;
    if (typeof status === 'number' && status >= 400 && status < 600) return status;
  }
  return 500;
}

const HOME_LINK = '<a href="/">go to the home page</a>';

// A 4xx here is a file that is not there or an address the server could not read; a 5xx is its own fault.
function errorText(status: number) {
  if (status === 404) {
    return { title: 'Not found', heading: 'Not found', body: `Nothing is at this address. Please ${HOME_LINK}.` };
  }
  if (status < 500) {
    return {
      title: 'Bad request',
      heading: 'This address could not be read',
      body: `Please check the link, or ${HOME_LINK}.`,
    };
  }
  return {
    title: 'Something went wrong',
    heading: 'Unexpected Application Error!',
    body: `Something went wrong on our side. Please try again in a moment, or ${HOME_LINK}.`,
  };
}

const errorPage = (nonce: string, status: number) => {
  const { title, heading, body } = errorText(status);
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} | Porchlight</title>
<style nonce="${nonce}">body{font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.6}</style>
</head><body><main><h1>${heading}</h1>
<p>${body}</p></main></body></html>`;
};

/** Last in the chain: logs the error, answers JSON for the API and a plain page otherwise, never a stack. */
export const errorHandler: ErrorRequestHandler = (error, req, res, next) => {
  if (res.headersSent) {
    next(error);
    return;
  }
  const status = statusOf(error);
  if (status >= 500) req.log.error({ err: error }, 'request failed');
  if (req.path.startsWith('/api/') || req.path === '/api') {
    sendApiError(res, status, status >= 500 ? SERVER_FAULT_MESSAGE : 'Bad request');
    return;
  }
  res
    .status(status)
    .type('html')
    .send(errorPage(nonceOf(res), status));
};
