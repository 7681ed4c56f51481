/**
 * A download as the HTTP reply: the headers go at once, then the body as the call writes it.
 * Each write waits while the client is behind (back-pressure), so rows are read from the
 * database no faster than they leave: memory stays flat however many rows an export holds. A
 * client that goes away ends the writing (and so the call's transaction) with an error.
 *
 * The body is ended only after the call's transaction has committed (`end`, by the route): a
 * download that arrives complete is one whose audit entry is stored. A failure after the
 * headers went out can no longer be a message: the stream is cut short instead (`abort`), and
 * the client sees an incomplete download, never a truncated file that looks whole.
 */
import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Download, DownloadSink } from '../http/calls';

const CANCELLED = 'The download was cancelled by the client.';
/**
 * A client that stops reading holds the export's transaction and pool connection: after this
 * long without room for the next batch the download is given up.
 */
const STALLED_MS = 60_000;

function sinkOf(body: PassThrough): DownloadSink {
  return {
    write: (chunk) =>
      new Promise<void>((resolve, reject) => {
        if (body.destroyed) return reject(new Error(CANCELLED));
        if (body.write(chunk)) return resolve();
        const done = (error?: Error) => {
          clearTimeout(stalled);
          body.off('drain', drained);
          body.off('close', closed);
          if (error) reject(error);
          else resolve();
        };
        const drained = () => done();
        const closed = () => done(new Error(CANCELLED));
        const stalled = setTimeout(
          () => done(new Error('The client stopped reading the download.')),
          STALLED_MS,
        );
        body.on('drain', drained);
        body.on('close', closed);
      }),
  };
}

export interface WrittenDownload {
  end(): void;
  abort(): void;
}

/** Sends the headers and writes the whole body, leaving it open until `end` or `abort`. */
export async function writeDownload(
  reply: FastifyReply,
  download: Download,
): Promise<WrittenDownload> {
  const body = new PassThrough();
  void reply
    .code(200)
    .headers({
      'content-type': download.contentType,
      // The names are built from entity names and a date: plain ASCII, nothing to escape.
      'content-disposition': `attachment; filename="${download.filename}"`,
      'cache-control': 'no-store',
      ...download.headers,
    })
    .send(body);
  try {
    await download.write(sinkOf(body));
    return {
      end: () => body.end(),
      abort: () => body.destroy(new Error('The export failed after it had begun.')),
    };
  } catch (error) {
    body.destroy(error as Error);
    throw error;
  }
}
