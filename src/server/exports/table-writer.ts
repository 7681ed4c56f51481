/** A file format an export writes: a header row, batches of rows, an end. */
import type { Cell } from './cells';

export interface TableWriter {
  begin(headers: readonly string[]): Promise<void>;
  rows(rows: readonly (readonly Cell[])[]): Promise<void>;
  end(): Promise<void>;
}
