/**
 * The worker thread table.ts starts to read one file (its workerData), off the server's event
 * loop and within its own heap limit. It answers with the table, or the refusal's status and
 * text: anything a library throws on a malformed file is a refusal, never the server's fault.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { ApiError } from '../http/errors';
import { fileRows } from './file-rows';

export type ReadAnswer = { table: Awaited<ReturnType<typeof fileRows>> } | ReadRefusal;
interface ReadRefusal {
  status: number;
  text: string;
}

const UNREADABLE_TEXT = 'The file can not be read: it is damaged, or not a CSV or XLSX file.';

const refusalOf = (error: unknown): ReadRefusal =>
  error instanceof ApiError
    ? { status: error.status, text: error.message }
    : { status: 400, text: UNREADABLE_TEXT };

const port = parentPort;
if (port) {
  // A library may fail outside the read's promise (a stream's error event): still a refusal.
  const refuse = (error: unknown) => port.postMessage(refusalOf(error));
  process.on('uncaughtException', refuse);
  process.on('unhandledRejection', refuse);
  const file = workerData as Uint8Array;
  fileRows(Buffer.from(file.buffer, file.byteOffset, file.byteLength)).then(
    (table) => port.postMessage({ table } satisfies ReadAnswer),
    refuse,
  );
}
