/**
 * A streaming ZIP writer (the container of an XLSX file), written to a sink entry by entry: no
 * entry is held whole in memory. Each entry is deflated in pieces as it is written: every piece
 * is an independent raw deflate stream ended by a sync flush (whole blocks, none final) and the
 * entry ends with one empty final block, which together make one valid deflate stream. Sizes and
 * CRC follow the data in a data descriptor (flag bit 3), as they are known only at the end.
 * No ZIP64: an entry or archive past 4 GiB is refused rather than written wrong.
 */
import { constants, crc32, deflateRawSync } from 'node:zlib';
import type { DownloadSink } from '../http/calls';

const UTF8_AND_DESCRIPTOR = 0x0808;
const DEFLATE = 8;
const VERSION = 20;
const LIMIT = 0xffff_ffff;
const FINAL_BLOCK = deflateRawSync(Buffer.alloc(0));

interface Written {
  name: Buffer;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
}

/** The MS-DOS time and date fields of a moment. */
function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | (at.getSeconds() >> 1),
    date: ((at.getFullYear() - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

export interface ZipEntry {
  write(data: Buffer | string): Promise<void>;
  end(): Promise<void>;
}

export class ZipWriter {
  private offset = 0;
  private readonly entries: Written[] = [];
  private readonly stamp = dosTime(new Date());

  constructor(private readonly sink: DownloadSink) {}

  private async out(chunk: Buffer): Promise<void> {
    this.offset += chunk.length;
    if (this.offset > LIMIT) throw new Error('The export is too large for a ZIP file (4 GiB).');
    await this.sink.write(chunk);
  }

  /** Starts an entry; write its data, then end it before starting the next. */
  async entry(fileName: string): Promise<ZipEntry> {
    const name = Buffer.from(fileName, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(UTF8_AND_DESCRIPTOR, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.date, 12);
    // CRC and sizes (14–25) stay 0: the data descriptor carries them.
    header.writeUInt16LE(name.length, 26);
    const written: Written = { name, offset: this.offset, crc: 0, compressed: 0, size: 0 };
    await this.out(Buffer.concat([header, name]));
    const piece = async (deflated: Buffer) => {
      written.compressed += deflated.length;
      await this.out(deflated);
    };
    return {
      write: async (data) => {
        const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
        if (bytes.length === 0) return;
        written.crc = crc32(bytes, written.crc);
        written.size += bytes.length;
        if (written.size > LIMIT) throw new Error('An entry is too large for a ZIP file (4 GiB).');
        await piece(deflateRawSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }));
      },
      end: async () => {
        await piece(FINAL_BLOCK);
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(0x08074b50, 0);
        descriptor.writeUInt32LE(written.crc >>> 0, 4);
        descriptor.writeUInt32LE(written.compressed, 8);
        descriptor.writeUInt32LE(written.size, 12);
        await this.out(descriptor);
        this.entries.push(written);
      },
    };
  }

  /** A whole small entry at once. */
  async file(fileName: string, text: string): Promise<void> {
    const entry = await this.entry(fileName);
    await entry.write(text);
    await entry.end();
  }

  /** The central directory and its end record. */
  async end(): Promise<void> {
    const start = this.offset;
    const records = this.entries.map((e) => {
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(VERSION, 4);
      record.writeUInt16LE(VERSION, 6);
      record.writeUInt16LE(UTF8_AND_DESCRIPTOR, 8);
      record.writeUInt16LE(DEFLATE, 10);
      record.writeUInt16LE(this.stamp.time, 12);
      record.writeUInt16LE(this.stamp.date, 14);
      record.writeUInt32LE(e.crc >>> 0, 16);
      record.writeUInt32LE(e.compressed, 20);
      record.writeUInt32LE(e.size, 24);
      record.writeUInt16LE(e.name.length, 28);
      record.writeUInt32LE(e.offset, 42);
      return Buffer.concat([record, e.name]);
    });
    const directory = Buffer.concat(records);
    const last = Buffer.alloc(22);
    last.writeUInt32LE(0x06054b50, 0);
    last.writeUInt16LE(records.length, 8);
    last.writeUInt16LE(records.length, 10);
    last.writeUInt32LE(directory.length, 12);
    last.writeUInt32LE(start, 16);
    await this.out(Buffer.concat([directory, last]));
  }
}
