import { parentPort, workerData } from 'node:worker_threads';
import { copyDatabase } from './backups.ts';

// Runs one copy off the server's main thread (db/backups.ts); an error reaches the parent as the worker's
// 'error' event.
const { source, target }: { source: string; target: string } = workerData;
parentPort?.postMessage(await copyDatabase(source, target));
