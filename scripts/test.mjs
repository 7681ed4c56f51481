// `npm test`: every check and test suite — types, lint, unused exports, import cycles, the web
// build, then unit, API (real PostgreSQL) and browser (Chromium) tests — ending with one plain
// summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';

const run = (label, command, args) => {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: 'inherit' });
  return result.status === 0;
};

const only = process.argv.slice(2);
const steps = [];
if (!only.length) {
  steps.push(['typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']]);
  steps.push(['lint', 'npx', ['eslint', '.']]);
  steps.push(['format', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']]);
  steps.push(['unused exports', 'node', ['--import', 'tsx', 'scripts/unused-exports.ts']]);
  steps.push(['import cycles', 'node', ['--import', 'tsx', 'scripts/import-cycles.ts']]);
  steps.push(['web build', 'npx', ['vite', 'build', '--logLevel', 'warn']]);
}
let failedSteps = 0;
for (const [label, command, args] of steps) if (!run(label, command, args)) failedSteps += 1;

mkdirSync('.tmp', { recursive: true });
const report = '.tmp/vitest-report.json';
const projects = only.length ? only.flatMap((p) => ['--project', p]) : [];
const testsOk = run('tests', 'npx', [
  'vitest',
  'run',
  ...projects,
  '--reporter=default',
  '--reporter=json',
  `--outputFile=${report}`,
]);

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed = json.numPassedTests ?? 0;
  failed = json.numFailedTests ?? 0;
  skipped = (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
}
if (!testsOk && failed === 0) failed = 1; // a suite that failed to load counts as a failure
failed += failedSteps;
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed === 0 && testsOk ? 0 : 1);
