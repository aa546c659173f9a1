import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

/** One finding of the Nu Html Checker, against the page it was found in. */
export interface CheckerMessage {
  page: string;
  type: 'error' | 'warning' | 'info';
  line?: number;
  message: string;
  extract?: string;
}

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

/**
 * A short run: the client compiler only and the serial collector start the JVM several times faster on a busy
 * machine. Language detection (a warning when the text does not look like `lang`) costs more than all the rest.
 */
const JVM_OPTIONS = ['-Xss4m', '-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];

const VNU_JAR = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

/**
 * Checks every document of `pages` (name to HTML) with the Nu Html Checker (the `vnu-jar` package on the
 * machine's Java, installed by scripts/ensure-java.sh) in one run: starting the JVM costs more than checking.
 */
export async function checkHtml(pages: Map<string, string>): Promise<CheckerMessage[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-vnu-'));
  try {
    const files = new Map<string, string>();
    let index = 0;
    for (const [page, html] of pages) {
      const file = path.join(dir, `${String(index++).padStart(3, '0')}.html`);
      fs.writeFileSync(file, html);
      files.set(file, page);
    }
    const stderr = await new Promise<string>((resolve, reject) => {
      execFile(
        process.env.JAVA ?? 'java',
        [...JVM_OPTIONS, '-jar', VNU_JAR, '--format', 'json', '--exit-zero-always', '--no-langdetect', ...files.keys()],
        { maxBuffer: 64 * 1024 * 1024 },
        (error, _stdout, err) =>
          error
            ? reject(
                new Error(
                  `the Nu Html Checker did not run (scripts/ensure-java.sh installs Java): ${error.message}\n${err}`,
                ),
              )
            : resolve(err),
      );
    });
    const { messages } = JSON.parse(stderr) as { messages: VnuMessage[] };
    return messages.map((found) => ({
      // The checker names files as `file:/tmp/…`.
      page: (found.url && files.get(new URL(found.url).pathname)) ?? found.url ?? '(no page)',
      type:
        found.type === 'error' || found.type === 'non-document-error'
          ? 'error'
          : found.subType === 'warning'
            ? 'warning'
            : 'info',
      line: found.lastLine,
      message: found.message,
      extract: found.extract,
    }));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
