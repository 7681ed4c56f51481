/**
 * Reads a backup file back: its control lines, and each table's rows as raw COPY text, handed
 * on in large pieces without being split into rows. A damaged or cut file (gzip's own check, a
 * missing end, a line that is not ours) is a BackupFileError naming the problem.
 */
import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { createGunzip } from 'node:zlib';
import { END_OF_ROWS } from './format';

export class BackupFileError extends Error {}

const NEWLINE = 0x0a;
const END_OF_ROWS_BYTES = Buffer.from(END_OF_ROWS);
/** `\n\.\n`: the end of a table's rows after its last row. */
const AFTER_ROWS = Buffer.from(`\n${END_OF_ROWS}`);
/** A control line is a short JSON object; anything longer is not one. */
const MAX_CONTROL_LINE = 16 * 1024 * 1024;

interface ControlLine {
  mark: string;
  body: unknown;
}

export class BackupReader {
  private pending: Buffer = Buffer.alloc(0);
  private finished = false;

  private constructor(
    private readonly file: string,
    private readonly chunks: AsyncIterator<Buffer>,
  ) {}

  static async open(file: string): Promise<BackupReader> {
    await access(file).catch(() => {
      throw new BackupFileError(`Cannot read the backup file ${file}.`);
    });
    const gunzip = createGunzip();
    createReadStream(file)
      .on('error', (error) => gunzip.destroy(error))
      .pipe(gunzip);
    return new BackupReader(file, gunzip[Symbol.asyncIterator]() as AsyncIterator<Buffer>);
  }

  private damaged(problem: string): BackupFileError {
    return new BackupFileError(`The backup file ${this.file} is damaged: ${problem}.`);
  }

  /** Reads more of the file into `pending`; false at its end. */
  private async fill(): Promise<boolean> {
    if (this.finished) return false;
    let next: IteratorResult<Buffer>;
    try {
      next = await this.chunks.next();
    } catch (error) {
      const code = (error as { code?: string }).code;
      const message = (error as Error).message;
      throw this.damaged(
        code === 'Z_BUF_ERROR'
          ? 'it ends too early (cut short?)'
          : code?.startsWith('Z_')
            ? `its compressed data is corrupt or not gzip (${message})`
            : message,
      );
    }
    if (next.done) {
      this.finished = true;
      return false;
    }
    this.pending = this.pending.length ? Buffer.concat([this.pending, next.value]) : next.value;
    return true;
  }

  /** The next control line, or null at the very end of the file. */
  async line(): Promise<ControlLine | null> {
    for (;;) {
      const end = this.pending.indexOf(NEWLINE);
      if (end >= 0) {
        const text = this.pending.subarray(0, end).toString('utf8');
        this.pending = this.pending.subarray(end + 1);
        const match = /^([A-Z]) (\{.*\})$/.exec(text);
        if (!match) throw this.damaged(`unexpected line "${text.slice(0, 60)}"`);
        try {
          return { mark: match[1]!, body: JSON.parse(match[2]!) as unknown };
        } catch {
          throw this.damaged(`unreadable line "${text.slice(0, 60)}"`);
        }
      }
      if (this.pending.length > MAX_CONTROL_LINE) throw this.damaged('a line far too long');
      if (!(await this.fill())) {
        if (this.pending.length) throw this.damaged('it ends too early (cut short?)');
        return null;
      }
    }
  }

  /** A table's rows, as COPY text, up to (and past) the line that ends them. */
  async *rows(): AsyncGenerator<Buffer> {
    const cutShort = () => this.damaged('it ends inside a table (cut short?)');
    while (this.pending.length < END_OF_ROWS_BYTES.length)
      if (!(await this.fill())) throw cutShort();
    if (this.pending.subarray(0, END_OF_ROWS_BYTES.length).equals(END_OF_ROWS_BYTES)) {
      this.pending = this.pending.subarray(END_OF_ROWS_BYTES.length);
      return;
    }
    for (;;) {
      const end = this.pending.indexOf(AFTER_ROWS);
      if (end >= 0) {
        const rows = this.pending.subarray(0, end + 1);
        this.pending = this.pending.subarray(end + AFTER_ROWS.length);
        yield rows;
        return;
      }
      // Keep a possible start of the end mark for the next piece.
      const keep = AFTER_ROWS.length - 1;
      if (this.pending.length > keep) {
        const rows = this.pending.subarray(0, this.pending.length - keep);
        this.pending = this.pending.subarray(this.pending.length - keep);
        yield rows;
      }
      if (!(await this.fill())) throw cutShort();
    }
  }

  /** Passes over a table's rows (a clinic a restore does not take). */
  async skipRows(): Promise<void> {
    for await (const rows of this.rows()) void rows;
  }
}
