/** Runs a command-line entry: its exit code, or 1 with the error's message (no stack). */
import { ConfigError } from '../config';

export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(
        error instanceof ConfigError ? `Configuration: ${error.message}` : (error as Error).message,
      );
      process.exit(1);
    },
  );
}
