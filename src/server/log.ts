/**
 * The server's log: JSON lines (pino) for log collectors, or readable lines (pino-pretty) for a
 * person at a terminal. LOG_FORMAT chooses; unset, standard output that is a terminal (a TTY)
 * gets readable lines and anything else (a pipe, a file, systemd's journal) JSON.
 *
 * Long start-up work (migrations, the first web build) runs as a step: on a terminal a status
 * line counts its seconds and is replaced by "label… done in 1.2 s"; elsewhere the step's start
 * and end are two log lines. docs/operations.md (Logs) says why pino-pretty, in this process.
 */
import pino, { type Logger } from 'pino';
import { prettyFactory } from 'pino-pretty';

type LogFormat = 'pretty' | 'json';

/** Runs `work` as a start-up step named `label` ("Applying migration 0043_diary"). */
export type Step = <T>(label: string, work: () => Promise<T>) => Promise<T>;

/** LOG_FORMAT's value, or (unset) readable on a terminal and JSON anywhere else. */
export const logFormat = (setting: string, out: NodeJS.WriteStream = process.stdout): LogFormat =>
  setting === 'pretty' || setting === 'json' ? setting : out.isTTY ? 'pretty' : 'json';

/** "80 ms" under a second, "1.2 s" above. */
const took = (ms: number): string =>
  ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;

const CLEAR_LINE = '\r\x1b[K';

/**
 * A terminal's last line, showing the step under way. Output written through it clears that
 * line first and draws it again below, so log lines never end up glued to it.
 */
export class StatusLine {
  private text = '';

  constructor(private readonly out: NodeJS.WriteStream) {}

  write(chunk: string): void {
    this.out.write(this.text ? `${CLEAR_LINE}${chunk}${this.fit(this.text)}` : chunk);
  }

  show(text: string): void {
    this.text = text;
    this.out.write(CLEAR_LINE + this.fit(text));
  }

  clear(): void {
    if (this.text) this.out.write(CLEAR_LINE);
    this.text = '';
  }

  /** A line wider than the terminal would wrap, and \r would clear only its last row. */
  private fit(text: string): string {
    const width = this.out.columns || 80;
    return text.length < width ? text : `${text.slice(0, width - 2)}…`;
  }
}

/** Steps that say each line through `say`, and show the running one on `status` when given. */
export function stepper(say: (line: string) => void, status: StatusLine | null): Step {
  return async (label, work) => {
    const started = performance.now();
    const seconds = () => Math.round((performance.now() - started) / 1000);
    let ticker: NodeJS.Timeout | undefined;
    if (status) {
      status.show(`${label}…`);
      ticker = setInterval(() => status.show(`${label}… ${seconds()} s`), 1000).unref();
    } else {
      say(`${label}…`);
    }
    const end = (how: string) => {
      clearInterval(ticker);
      status?.clear();
      say(`${label}… ${how} ${took(performance.now() - started)}`);
    };
    try {
      const result = await work();
      end('done in');
      return result;
    } catch (error) {
      end('failed after');
      throw error;
    }
  };
}

/** The server's logger at `level` in `format`, and the steps that report through it. */
export function createLog(
  level: string,
  format: LogFormat,
  out: NodeJS.WriteStream = process.stdout,
): { log: Logger; step: Step } {
  if (format === 'json') {
    const log = pino({ level });
    return { log, step: stepper((line) => log.info(line), null) };
  }
  // In this process and synchronous (not pino's worker-thread transport): a line is on the
  // screen before the next console.log, and none is lost when the server exits at once.
  // Colours follow pino-pretty's own test of the terminal (NO_COLOR, FORCE_COLOR).
  const prettify = prettyFactory({ translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' });
  const status = out.isTTY ? new StatusLine(out) : null;
  const write = (line: string) => {
    const text = prettify(line);
    if (status) status.write(text);
    else out.write(text);
  };
  const log = pino({ level }, { write });
  return { log, step: stepper((line) => log.info(line), status) };
}
