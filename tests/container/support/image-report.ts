import fs from 'node:fs';
import path from 'node:path';
import { docker, ROOT } from './docker.ts';

// What the runtime image weighs and what takes the space: its base, then what the Dockerfile copies into /app, the
// largest packages first. The geo database (DB-IP Lite) is counted apart: the size goal leaves it out.

const MB = 1_000_000;
const GEO_DATABASE = 'node_modules/@ip-location-db';

/** The runtime stage's base: the last FROM of the Dockerfile. */
function runtimeBase(): string {
  const froms = [...fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8').matchAll(/^FROM (\S+)/gm)];
  return froms.at(-1)?.[1] ?? 'unknown';
}

async function imageBytes(image: string): Promise<number> {
  return Number((await docker(['image', 'inspect', '-f', '{{.Size}}', image])).stdout.trim());
}

/** `du` inside the image, in bytes, for each path under /app. */
async function sizesIn(image: string, script: string): Promise<[string, number][]> {
  const { stdout } = await docker(['run', '--rm', '--entrypoint', 'sh', image, '-c', `cd /app && ${script}`]);
  return stdout
    .trim()
    .split('\n')
    .map((line) => {
      const [bytes = '0', name = ''] = line.split('\t');
      return [name, Number(bytes)] satisfies [string, number];
    });
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

export async function imageReport(image: string): Promise<{ bytes: number; withoutGeo: number; text: string }> {
  const base = runtimeBase();
  const [bytes, baseBytes] = [await imageBytes(image), await imageBytes(base)];
  const parts = await sizesIn(image, 'du -s -B1 node_modules dist server db shared content');
  const packages = await sizesIn(
    image,
    "du -s -B1 node_modules/* node_modules/@*/* | grep -v 'node_modules/@[^/]*$' | sort -rn | head -8",
  );
  const geo = (await sizesIn(image, `du -s -B1 ${GEO_DATABASE}`))[0]?.[1] ?? 0;
  const withoutGeo = bytes - geo;
  const lines = [
    `Image ${image}: ${mb(bytes)}; without the geo database ${mb(withoutGeo)} (goal ≤ 250 MB)`,
    `  base ${base}: ${mb(baseBytes)}`,
    ...parts.map(([name, size]) => `  /app/${name}: ${mb(size)}`),
    '  largest packages:',
    ...packages.map(
      ([name, size]) =>
        `    ${name.replace('node_modules/', '')}: ${mb(size)}${name.startsWith(GEO_DATABASE) ? ' (geo database)' : ''}`,
    ),
  ];
  return { bytes, withoutGeo, text: lines.join('\n') };
}
