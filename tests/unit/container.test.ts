import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { expect, test } from 'vitest';

// The quick checks of the image, run with every `npm test`: the Dockerfile keeps the README's steps, and everything
// the production server imports is in the runtime stage. `npm run test:container` builds and runs it
// (tests/container/).
const ROOT = path.resolve(import.meta.dirname, '../..');
const dockerfile = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

test('the Dockerfile runs the README steps on Node 24 slim, as a non-root user with data on a volume', () => {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  expect(readme).toContain('npm ci && npm run build && npm run db:migrate && npm start');
  expect(dockerfile).toMatch(/^FROM node:24-slim AS build$/m);
  expect(dockerfile).toMatch(/^FROM node:24-slim AS runtime$/m);
  // Without install scripts: better-sqlite3 loads the binding it ships (docs/decisions/0018-container-stand-ins.md).
  expect(dockerfile).toMatch(/^RUN npm ci --ignore-scripts$/m);
  expect(dockerfile).toMatch(/^RUN npm run build && npm prune --omit=dev$/m);
  expect(dockerfile).toMatch(/NODE_ENV=production/);
  expect(dockerfile).toMatch(/^USER node$/m);
  expect(dockerfile).toMatch(/^VOLUME \["\/app\/data"\]$/m);
  // A new volume copies the image's folder, mode included: the data folder is owner-only there too.
  expect(dockerfile).toMatch(/^RUN install -d -o node -g node -m 700 \/app\/data\b/m);
  expect(dockerfile).toMatch(/^HEALTHCHECK [\s\S]*\/healthz/m);
  // The server migrates at start-up, so the image needs no separate db:migrate step.
  expect(dockerfile).toMatch(/^CMD \["node", "server\/index\.ts"\]$/m);
});

/** Specifiers of the value imports of a module (type-only imports are erased when Node strips types). */
function valueImports(source: string): string[] {
  const specifiers: string[] = [];
  for (const match of source.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) {
    if (match[1]) specifiers.push(match[1]);
  }
  return specifiers;
}

function resolveLocal(from: string, specifier: string): string | undefined {
  if (specifier.startsWith('#')) {
    const [alias, ...rest] = specifier.split('/');
    const target = pkg.imports[`${alias}/*`];
    return target ? path.join(ROOT, target.replace('*', rest.join('/'))) : undefined;
  }
  if (specifier.startsWith('.')) return path.resolve(path.dirname(from), specifier);
  return undefined;
}

// The server, the worker thread it starts for backups, and every command the README runs inside the container.
const ENTRY_POINTS = [
  'server/index.ts',
  'db/backup-worker.ts',
  'server/commands/db-migrate.ts',
  'server/commands/db-backup.ts',
  'server/commands/db-restore.ts',
];

test('every module the production server, its backup worker and the database commands import is copied into the runtime image', () => {
  const copied = [...dockerfile.matchAll(/^COPY --from=build \S+ \/app\/(\S+) /gm)].map((m) => m[1]);
  const packages = new Set<string>();
  const files = new Set<string>();
  const queue = ENTRY_POINTS.map((file) => path.join(ROOT, file));
  while (queue.length) {
    const file = queue.pop();
    if (!file || files.has(file)) continue;
    files.add(file);
    for (const specifier of valueImports(fs.readFileSync(file, 'utf8'))) {
      const local = resolveLocal(file, specifier);
      if (local) {
        queue.push(local);
        continue;
      }
      if (specifier.startsWith('node:') || builtinModules.includes(specifier)) continue;
      const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
      if (name) packages.add(name);
    }
  }
  expect(files.size).toBeGreaterThan(20);
  const outside = [...files]
    .map((file) => path.relative(ROOT, file))
    .filter((file) => !copied.some((dir) => file.startsWith(`${dir}/`)));
  expect(outside).toEqual([]);
  // `npm prune --omit=dev` keeps only these.
  const missing = [...packages].filter((name) => !(name in pkg.dependencies));
  expect(missing).toEqual([]);
});

test('the database commands run in the container as the README shows: npm is in the image and quiet offline', () => {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  expect(readme).toContain(
    'docker run --rm -v porchlight-data:/app/data porchlight npm run db:restore /app/data/backups/',
  );
  expect(readme).toContain('docker exec porchlight npm run db:backup');
  const commands: [string, string][] = [
    ['db:migrate', 'server/commands/db-migrate.ts'],
    ['db:backup', 'server/commands/db-backup.ts'],
    ['db:restore', 'server/commands/db-restore.ts'],
  ];
  for (const [script, file] of commands) {
    // After `npm prune --omit=dev` there is no node_modules/.bin/node: plain `node` is the image's Node 24.
    expect(pkg.scripts[script]).toBe(`node ${file}`);
    expect(ENTRY_POINTS).toContain(file);
  }
  // The node images ship npm; it must not look for its own updates on every `npm run`.
  expect(dockerfile).toMatch(/^FROM node:24-slim AS runtime$/m);
  expect(dockerfile).toMatch(/NPM_CONFIG_UPDATE_NOTIFIER=false/);
});
