/**
 * What runs Materia, printed at start: an operator (or a bug report) needs the exact Node and
 * PostgreSQL versions, and a warning when the server was started on a Node other than the one
 * package.json pins (the `node` dependency npm scripts run on; see
 * docs/decisions/0042-node-24-runtime.md).
 */
import type pg from 'pg';
import { readPackageJson } from './version';

const major = (version: string) => Number(version.replace(/^v/, '').split('.')[0]);

export async function runtimeLines(
  version: string,
  pool: pg.Pool,
  embedded: boolean,
): Promise<string[]> {
  const { rows } = await pool.query<{ server_version: string }>('show server_version');
  // Distributions add their own words: "15.20 (Debian 15.20-0+deb12u1)".
  const postgres = rows[0]?.server_version.split(' ')[0] ?? 'unknown';
  const where = embedded ? 'embedded' : 'DATABASE_URL';
  const lines = [
    `Materia ${version} on Node ${process.version}, PostgreSQL ${postgres} (${where})`,
  ];
  const pinned = readPackageJson().dependencies.node;
  if (pinned && major(pinned) !== major(process.version)) {
    lines.push(
      `Warning: Materia runs on Node ${pinned}, installed by npm install; start it with npm start ` +
        `rather than this Node ${process.version}.`,
    );
  }
  return lines;
}
