import net from 'node:net';
import { type ListeningServer, startListeningServer } from '#tests/support/server-process.ts';
import { test } from './fixtures.ts';
import { serverEnv } from './operator-support.ts';

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * For a test that reads what the whole server holds (top tens, totals, the newest rows): a server of its own,
 * the browser tests' server with its own empty database, so nothing another test writes in parallel shows
 * up in what it reads. The page, `request` and the outbound-request guard all take it as their base URL.
 */
export const testWithOwnServer = test.extend<{ ownServer: ListeningServer }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern; it needs none.
  ownServer: async ({}, use, testInfo) => {
    // SITE_URL must name the server's own origin (the API answers only its own pages), so the port is chosen
    // first; another process may take it in between, and then another port is tried.
    const start = async (port: number) =>
      startListeningServer(
        {
          ...serverEnv(),
          PORT: String(port),
          SITE_URL: `http://localhost:${port}`,
          DATA_DIR: testInfo.outputPath(`own-server-data-${port}`),
          // The line that says it listens is at info.
          LOG_LEVEL: 'info',
        },
        'tests/support/e2e-server.ts',
      );
    const startOnFreePort = async (attempt = 1): Promise<ListeningServer> => {
      const port = await freePort();
      try {
        return { ...(await start(port)), url: `http://localhost:${port}` };
      } catch (error) {
        if (attempt === 5 || !String(error).includes('EADDRINUSE')) throw error;
        return startOnFreePort(attempt + 1);
      }
    };
    const server = await startOnFreePort();
    await use(server);
    server.child.kill('SIGTERM');
    await server.exited;
  },
  baseURL: async ({ ownServer }, use) => use(ownServer.url),
});
