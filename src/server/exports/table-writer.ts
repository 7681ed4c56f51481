/** A file format an export writes: a header row, batches of rows, an end. */
import type { Cell } from './cells';

export interface TableWriter {
  /** `hidden`: the indexes of columns a spreadsheet hides (the row version). */
  begin(headers: readonly string[], hidden?: readonly number[]): Promise<void>;
  rows(rows: readonly (readonly Cell[])[]): Promise<void>;
  end(): Promise<void>;
}
