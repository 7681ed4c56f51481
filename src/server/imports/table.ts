/**
 * An uploaded file as a table: its header and data rows, read as CSV or XLSX by content (a ZIP
 * signature), with every refusal naming what is wrong — too large (packed or unpacked), not
 * UTF-8, empty, no data, rows longer than the header, too many rows or columns, a row numbered
 * far beyond them, over-long cells, control characters, formulas. The file is read in a worker
 * thread of its own (read-worker.ts), so a hostile file can neither stall the server's event
 * loop nor exhaust its heap: the worker has a heap limit and a time limit, and dies alone.
 * Nothing is written before the file passes.
 */
import { Worker } from 'node:worker_threads';
import {
  IMPORT_FILE_MAX_BYTES,
  IMPORT_READ_HEAP_MAX_MB,
  IMPORT_READ_TIME_MAX_MS,
} from '../../shared/limits';
import { ApiError, badRequest } from '../http/errors';
import type { ReadAnswer } from './read-worker';
import type { Table } from './table-builder';

export type { Table } from './table-builder';

export const FILE_TOO_LARGE_TEXT = `The file is too large to import (at most ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB).`;
const TOO_SLOW_TEXT = `The file took too long to read (more than ${IMPORT_READ_TIME_MAX_MS / 1000} s): split it into smaller files.`;
const TOO_BIG_TO_READ_TEXT =
  'The file is too large to read when unpacked: split it into smaller files.';

/** The worker is TypeScript, run by tsx as the server is (and by vitest's own thread alike). */
const WORKER = new URL('./read-worker.ts', import.meta.url);

interface ReadBounds {
  timeMs: number;
  heapMb: number;
}

export async function readTable(
  file: Buffer,
  bounds: ReadBounds = { timeMs: IMPORT_READ_TIME_MAX_MS, heapMb: IMPORT_READ_HEAP_MAX_MB },
): Promise<Table> {
  if (file.length > IMPORT_FILE_MAX_BYTES) throw badRequest(FILE_TOO_LARGE_TEXT);
  if (file.length === 0) throw badRequest('The file is empty.');
  const worker = new Worker(WORKER, {
    workerData: file,
    execArgv: ['--import', 'tsx'],
    resourceLimits: { maxOldGenerationSizeMb: bounds.heapMb },
    stdout: true,
    stderr: true,
  });
  try {
    return await new Promise<Table>((resolve, reject) => {
      const timer = setTimeout(() => reject(badRequest(TOO_SLOW_TEXT)), bounds.timeMs);
      const settle = () => clearTimeout(timer);
      worker.once('message', (answer: ReadAnswer) => {
        settle();
        if ('table' in answer) resolve(answer.table);
        else reject(new ApiError(answer.status, answer.text));
      });
      worker.once('error', (error: Error & { code?: string }) => {
        settle();
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? badRequest(TOO_BIG_TO_READ_TEXT) : error,
        );
      });
      worker.once('exit', () => {
        settle();
        reject(badRequest(TOO_BIG_TO_READ_TEXT));
      });
    });
  } finally {
    await worker.terminate();
  }
}
