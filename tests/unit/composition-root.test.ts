import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

// Every service is built in one place, server/context.ts (docs/decisions/0015-composition-root.md): a second
// construction elsewhere is a second instance with its own state (a second event bus, a second outbox worker)
// that nothing else sees.

const ROOT = path.resolve(import.meta.dirname, '../..');
const CONTEXT = 'server/context.ts';

/** Names of what builds a service, a store, a worker or a schedule, by the repo's naming. */
const BUILDER =
  /^(create[A-Z]\w*|\w+(Stores?|Service|Guard|Counter|Slots|Locator|Checks|Policy|Responses)|memory[A-Z]\w*|postgres[A-Z]\w*|start[A-Z]\w*|schedule[A-Z]\w*|keep[A-Z]\w*|shared[A-Z]\w*|resolveSessionSecret)$/;

// The npm run db:* commands are processes of their own, each composing the little it needs without a server.
const COMMANDS = path.join(ROOT, 'server', 'commands');

function serverFiles(dir = path.join(ROOT, 'server')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return file === COMMANDS ? [] : serverFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path.relative(ROOT, file)] : [];
  });
}

const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

/** Functions the context calls that it imports from the server's own modules and that build something. */
function builtByContext(): string[] {
  const source = read(CONTEXT);
  const imported = [...source.matchAll(/import \{([^}]*)\} from '(#server\/[^']+|\.\/[^']+)'/g)].flatMap((match) =>
    (match[1] ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type ')),
  );
  return imported.filter((name) => BUILDER.test(name) && new RegExp(`\\b${name}\\(`).test(source));
}

test('the context builds the services: stores, the event bus, the outbox worker, the call driver, metrics', () => {
  const built = builtByContext();
  for (const name of [
    'leadStore',
    'leadInboxStore',
    'privacyStore',
    'sessionStore',
    'visitStore',
    'callStatusService',
    'createCallEvents',
    'createOutboxWorker',
    'startLocalCallDriver',
    'createServerMetrics',
    'createLeadChecks',
    'rateLimitStores',
  ]) {
    expect(built).toContain(name);
  }
});

test('no server module but the context constructs a service the context constructs', () => {
  const built = builtByContext();
  const elsewhere: string[] = [];
  for (const file of serverFiles()) {
    if (file === CONTEXT) continue;
    const source = read(file);
    for (const name of built) {
      // A module may use what it defines (a store's methods built on its own helper); nobody else may call it.
      if (new RegExp(`export (async )?function ${name}\\b`).test(source)) continue;
      if (new RegExp(`(?<![\\w.])${name}\\(`).test(source)) elsewhere.push(`${file}: ${name}(`);
    }
  }
  expect(elsewhere).toEqual([]);
});
