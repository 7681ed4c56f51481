/**
 * The backup file being written: gzip into FILE.partial, renamed to FILE once complete, removed
 * on failure. A write waits while gzip is full, and fails as soon as the file does (a folder
 * that does not exist, a full disk) instead of waiting for room that never comes.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';

export class FileSink {
  private readonly gzip = createGzip();
  private readonly partial: string;
  private readonly written: Promise<void>;

  constructor(private readonly file: string) {
    this.partial = `${file}.partial`;
    this.written = pipeline(this.gzip, createWriteStream(this.partial, { mode: 0o600 }));
    this.written.catch(() => undefined); // awaited by write, close and abort
  }

  async write(data: string | Buffer): Promise<void> {
    if (!this.gzip.write(data)) await Promise.race([once(this.gzip, 'drain'), this.written]);
  }

  /** Finishes the file and gives it its name; its size in bytes. */
  async close(): Promise<number> {
    this.gzip.end();
    await this.written;
    await rename(this.partial, this.file);
    return (await stat(this.file)).size;
  }

  async abort(): Promise<void> {
    this.gzip.destroy();
    await this.written.catch(() => undefined);
    await rm(this.partial, { force: true });
  }
}
