import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { closeLeadApis, leadApi } from '#tests/support/lead-api.ts';

// The automation's builders read the payload's fields in README's "Lead webhook" table: it names every field an
// accepted lead's payload carries, and no other (server/leads/lead-payloads.ts types the payload itself).

const ROOT = path.resolve(import.meta.dirname, '../..');

type Form = 'demo call' | 'contact';

const cells = (line: string) =>
  line
    .split('|')
    .slice(1, -1)
    .map((cell) => cell.trim());

/** The fields the table marks for `form`, by its column of that name, sorted. */
function documentedFields(form: Form): string[] {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const section = readme.split(/^### Lead webhook$/m)[1]?.split(/^#/m)[0] ?? '';
  const [header = [], , ...rows] = section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map(cells);
  const column = header.indexOf(form);
  expect(column, `README's "Lead webhook" table has a "${form}" column`).toBeGreaterThan(0);
  return rows
    .filter((row) => row[column] === '✓')
    .map((row) => (row[0] ?? '').replaceAll('`', ''))
    .sort();
}

afterEach(closeLeadApis);

test.each([
  [
    'demo call',
    '/api/demo-calls',
    { fullName: 'Jane Doe', phone: '(210) 867-5309', email: 'jane@example.com', consent: true },
  ],
  [
    'contact',
    '/api/contact',
    {
      firstName: 'Jane',
      lastName: 'Doe',
      phoneNumber: '(210) 867-5309',
      companyName: 'Doe Realty',
      email: 'jane@example.com',
    },
  ],
] as const)(
  "README's webhook table names every field of a %s lead's payload, and only those",
  async (form, path, body) => {
    const api = await leadApi(path);
    expect((await api.post(body)).status).toBe(201);
    const payload: object = JSON.parse((await api.stored.outbox()).payload);
    expect(Object.keys(payload).sort()).toEqual(documentedFields(form));
  },
);
