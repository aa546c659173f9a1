import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from 'express';
import { isbot } from 'isbot';
import type { PublicConfig } from '#shared/public-config.ts';
import { nonceOf } from './middleware/security.ts';
import type { PageSource } from './pages.ts';

function toFetchRequest(req: ExpressRequest, res: ExpressResponse): Request {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const url = new URL(req.originalUrl, `${req.protocol}://${req.get('host') ?? 'localhost'}`);
  return new Request(url, { method: req.method, headers, signal: controller.signal });
}

interface SsrOptions {
  pages: PageSource;
  publicConfig: PublicConfig;
}

/** Streams every page through React Router's static handler; its status codes are the response's. */
export function ssrHandler({ pages, publicConfig }: SsrOptions): RequestHandler {
  return async (req, res, next) => {
    try {
      const render = await pages.render();
      const result = await render(toFetchRequest(req, res), {
        nonce: nonceOf(res),
        publicConfig,
        bootstrapModules: pages.bootstrapModules,
        preloadsFor: pages.preloadsFor,
        waitForAll: isbot(req.get('user-agent') ?? ''),
        onError: (error) => req.log.error({ err: error }, 'page render failed'),
      });
      if (result.kind === 'response') {
        const location = result.response.headers.get('location');
        if (location) res.redirect(result.response.status, location);
        else res.status(result.response.status).send(await result.response.text());
        return;
      }
      res.status(result.status);
      res.set({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' });
      res.on('close', () => {
        if (!res.writableFinished) result.abort();
      });
      result.pipe(res);
    } catch (error) {
      next(error);
    }
  };
}
