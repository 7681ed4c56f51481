/**
 * The XLSX writer waits for its client: while the download takes nothing, a batch of rows is not
 * answered, so the export's cursor reads no further. ExcelJS passes a sheet's XML on without
 * waiting, so this holds only because the writer waits on its own output (exports/xlsx.ts).
 */
import { describe, expect, it } from 'vitest';
import type { DownloadSink } from '../../src/server/http/calls';
import { xlsxWriter } from '../../src/server/exports/xlsx';

/** A download whose client took the first chunks and then stopped reading. */
function stalledAfter(chunks: number): DownloadSink & { taken: number } {
  const sink = {
    taken: 0,
    write: () => (sink.taken++ < chunks ? Promise.resolve() : new Promise<void>(() => {})),
  };
  return sink;
}

const batch = (from: number) =>
  Array.from({ length: 1000 }, (_, i) => [from + i, `Patient ${from + i}`, 'Some street 1, Town']);

describe('the XLSX writer and a client that stops reading', () => {
  it('stops answering batches soon after the stall', async () => {
    const sink = stalledAfter(2);
    const writer = xlsxWriter(sink, 'Patients');
    await writer.begin(['Id', 'Name', 'Address']);
    let answered = 0;
    for (let i = 0; i < 200; i++) {
      const next = writer.rows(batch(i * 1000));
      // A batch not answered within a second is one the writer holds back.
      const outcome = await Promise.race([
        next.then(() => 'answered'),
        new Promise((resolve) => setTimeout(() => resolve('waiting'), 1000)),
      ]);
      if (outcome === 'waiting') break;
      answered++;
    }
    // The buffers between the writer and the client (the sheet, the deflate, the ZIP) hold some
    // batches; an unbounded writer answers all 200.
    expect(answered).toBeLessThan(60);
  }, 60_000);
});
