import fs from 'node:fs';

/** Flushes a file's bytes to the disk, so a rename that follows cannot publish a file still in the page cache. */
export function fsyncFile(file: string): void {
  const fd = fs.openSync(file, 'r+');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Flushes a folder's entries, so a rename or a new file in it survives a power cut. */
export function fsyncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // Some file systems cannot open or sync a folder; the rename itself is still atomic there.
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** A time as it appears in file names: `20261123T153000Z`, which sorts in time order. */
export function fileStamp(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** Removes a SQLite file with its journal, WAL and shared-memory companions. */
export function removeDatabaseFiles(file: string): void {
  for (const suffix of ['', '-journal', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
}
