import { Writable } from 'node:stream';
import { CacheProvider, css, Global } from '@emotion/react';
import { lazy, Suspense } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { expect, test, vi } from 'vitest';
import { collectingCache, withCollectedStyles } from './collected-styles.ts';

const NONCE = 'test-nonce';

/** A destination like an HTTP response: what arrived so far, and how often it was asked to flush. */
function sink() {
  const chunks: Buffer[] = [];
  let flushes = 0;
  let ended = false;
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    final(callback) {
      ended = true;
      callback();
    },
  });
  return Object.assign(stream, {
    flush: () => flushes++,
    text: () => Buffer.concat(chunks).toString('utf8'),
    flushes: () => flushes,
    ended: () => ended,
  });
}

const styleElements = (html: string) => [...html.matchAll(/<style\b([^>]*)>([\s\S]*?)<\/style>/g)];

function Page({ late }: { late?: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <title>t</title>
      </head>
      <body>
        <Global styles={css({ body: { margin: 0 } })} />
        <h1 css={{ color: 'rebeccapurple' }}>Title</h1>
        <p css={{ color: 'teal', '&::after': { content: '"</style><b>"' } }}>Text</p>
        {late}
      </body>
    </html>
  );
}

test('the shell gets one style element in <head> with every rule it uses, globals first, and none in <body>', async () => {
  const styles = collectingCache('css', NONCE);
  const destination = sink();
  await new Promise<void>((resolve, reject) => {
    const stream = renderToPipeableStream(
      <CacheProvider value={styles.cache}>
        <Page />
      </CacheProvider>,
      {
        onAllReady: () => stream.pipe(withCollectedStyles(destination, styles)),
        onShellError: reject,
      },
    );
    destination.on('finish', resolve);
  });
  const html = destination.text();
  const [head = '', body = ''] = html.split('</head>');
  expect(styleElements(body)).toEqual([]);
  const found = styleElements(head);
  expect(found).toHaveLength(1);
  const [, attributes = '', text = ''] = found[0] ?? [];
  expect(attributes).toContain(` nonce="${NONCE}"`);
  // The browser's Emotion cache reads these names and does not insert them again; Emotion itself does not
  // adopt the element (it would move it).
  expect(attributes).not.toContain('data-emotion');
  const names = /data-server-styles="([^"]+)"/.exec(attributes)?.[1]?.split(' ') ?? [];
  expect(names).toHaveLength(3);
  for (const name of names.slice(1)) expect(body).toContain(`class="css-${name}"`);
  expect(text.indexOf('body{margin:0;}')).toBe(0);
  expect(text).toContain('color:rebeccapurple;');
  // CSS that holds `</style` cannot end the element early.
  expect(text).toContain('<\\/style><b>');
});

test('a boundary streamed later brings only its new rules, ahead of its content, as the first child of its parent', async () => {
  const styles = collectingCache('css', NONCE);
  const destination = sink();
  let arrive: (module: { default: () => React.ReactNode }) => void = () => {};
  const Late = lazy(() => new Promise<{ default: () => React.ReactNode }>((resolve) => (arrive = resolve)));
  const late = (
    <Suspense fallback={<p>loading</p>}>
      <Late />
    </Suspense>
  );
  const stream = renderToPipeableStream(
    <CacheProvider value={styles.cache}>
      <Page late={late} />
    </CacheProvider>,
    { onShellReady: () => stream.pipe(withCollectedStyles(destination, styles)) },
  );
  // The shell reaches the destination (and its flush) before the boundary is done.
  await vi.waitFor(() => expect(destination.text()).toContain('loading'));
  expect(destination.flushes()).toBeGreaterThan(0);
  const shell = destination.text();
  expect(styleElements(shell)).toHaveLength(1);

  arrive({
    default: () => (
      <section css={{ color: 'navy' }}>
        <h2 css={{ color: 'rebeccapurple' }}>Late</h2>
      </section>
    ),
  });
  await vi.waitFor(() => expect(destination.ended()).toBe(true));
  const rest = destination.text().slice(shell.length);
  const found = styleElements(rest);
  expect(found).toHaveLength(1);
  const [element = '', attributes = '', text = ''] = found[0] ?? [];
  expect(attributes).toContain(` nonce="${NONCE}"`);
  // Emotion's browser cache moves it into <head> and reads the names it holds.
  expect(attributes).toMatch(/data-emotion="css [a-z0-9 ]+"/);
  // Only what the shell did not already bring: the heading's rule was sent with the shell.
  expect(text).toContain('color:navy;');
  expect(text).not.toContain('rebeccapurple');
  expect(rest.indexOf(`<div hidden>${element}</div>`)).toBe(0);
  expect(rest.indexOf('Late</h2>')).toBeGreaterThan(element.length);
});

test('a destination that closes before the page is done stops the render', async () => {
  const styles = collectingCache('css', NONCE);
  const destination = sink();
  const Never = lazy(() => new Promise<{ default: () => React.ReactNode }>(() => {}));
  const errors: unknown[] = [];
  const stream = renderToPipeableStream(
    <CacheProvider value={styles.cache}>
      <Page
        late={
          <Suspense fallback={<p>loading</p>}>
            <Never />
          </Suspense>
        }
      />
    </CacheProvider>,
    {
      onShellReady: () => stream.pipe(withCollectedStyles(destination, styles)),
      onError: (error) => {
        errors.push(error);
      },
    },
  );
  await vi.waitFor(() => expect(destination.text()).toContain('loading'));
  destination.destroy();
  await vi.waitFor(() => expect(String(errors[0])).toMatch(/closed early/));
});

test('a slow destination holds the render back and still gets the whole page, in order', async () => {
  const styles = collectingCache('css', NONCE);
  const chunks: Buffer[] = [];
  // Takes one chunk at a time, later: every write asks the writer to wait for 'drain'.
  const destination = new Writable({
    highWaterMark: 1,
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      setImmediate(callback);
    },
  });
  const items = Array.from({ length: 2000 }, (_, index) => `item ${index}`).map((label, index) => (
    <li key={label} css={{ order: index % 7 }}>
      {label}
    </li>
  ));
  // A boundary that completes after the shell went out: its flush meets a destination still busy.
  const Later = lazy(async () => ({ default: () => <ul>{items}</ul> }));
  await new Promise<void>((resolve, reject) => {
    const stream = renderToPipeableStream(
      <CacheProvider value={styles.cache}>
        <Page
          late={
            <Suspense fallback={<p>loading</p>}>
              <Later />
            </Suspense>
          }
        />
      </CacheProvider>,
      { onShellReady: () => stream.pipe(withCollectedStyles(destination, styles)), onShellError: reject },
    );
    destination.on('finish', resolve);
  });
  const html = Buffer.concat(chunks).toString('utf8');
  expect(html.endsWith('</body></html>')).toBe(true);
  expect(html).toContain('item 0</li>');
  expect(html.indexOf('item 1998</li>')).toBeLessThan(html.indexOf('item 1999</li>'));
  const found = styleElements(html);
  expect(found).toHaveLength(2);
  expect(found[1]?.[2]).toContain('order:6;');
});

test('styles come without vendor prefixes for browsers that cannot run the site, and keep the ones written by hand', async () => {
  const styles = collectingCache('css', NONCE);
  const destination = sink();
  const rule = css`
    display: flex;
    align-items: center;
    transform: scale(1.02);
    transition: transform 200ms ease;
    mask-image: url(/m.svg);
    -webkit-line-clamp: 2;
  `;
  await new Promise<void>((resolve, reject) => {
    const stream = renderToPipeableStream(
      <CacheProvider value={styles.cache}>
        <Page late={<p css={rule}>Clamped</p>} />
      </CacheProvider>,
      {
        onAllReady: () => stream.pipe(withCollectedStyles(destination, styles)),
        onShellError: reject,
      },
    );
    destination.on('finish', resolve);
  });
  const text = styleElements(destination.text())
    .map((found) => found[2] ?? '')
    .join('');
  expect(text).toContain('display:flex;align-items:center;transform:scale(1.02);transition:transform 200ms ease;');
  expect(text).toContain('mask-image:url(/m.svg);-webkit-line-clamp:2;');
  expect(text.match(/-(webkit|moz|ms)-/g)).toEqual(['-webkit-']);
});
