/**
 * The progress line of a backup or restore: tables and rows done, rewritten in place on a
 * terminal, a line every few seconds in a log.
 */
import { countText } from '../../shared/show-value';

const LOG_EVERY_MS = 2000;

export interface Progress {
  add(tables: number, rows: number): void;
  readonly tables: number;
  readonly rows: number;
  done(): void;
}

/** `totalTables` null: not known ahead (a restore learns it at the end). */
export function progressLine(verb: string, totalTables: () => number | null): Progress {
  const terminal = process.stderr.isTTY;
  let tables = 0;
  let rows = 0;
  let shownAt = 0;
  const show = (final: boolean) => {
    const total = totalTables();
    const text = `${verb}: ${tables}${total === null ? '' : `/${total}`} tables, ${countText(rows)} rows`;
    if (terminal) process.stderr.write(`\r${text}${final ? '\n' : ''}`);
    else process.stderr.write(`${text}\n`);
    shownAt = Date.now();
  };
  return {
    add(moreTables, moreRows) {
      tables += moreTables;
      rows += moreRows;
      if (Date.now() - shownAt >= (terminal ? 100 : LOG_EVERY_MS)) show(false);
    },
    get tables() {
      return tables;
    },
    get rows() {
      return rows;
    },
    done: () => show(true),
  };
}
