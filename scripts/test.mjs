// `npm test`: every check and test suite — types, lint, unused exports, import cycles, the web
// build, then unit and API (real PostgreSQL) tests, then browser (Chromium) tests — ending with
// one plain summary line.
//
// TEST_BESIDE_BROWSER (CI sets it to the PostgreSQL 15 run): a shell command started when the
// browser phase starts and awaited at its end. One browser worker leaves about 45 % of two cores
// idle; an API-only run fills it instead of adding minutes after. Its output is printed after the
// browser phase, and its failure fails `npm test`.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { relative } from 'node:path';

/** The failed tests of a vitest JSON report, a line each: file, test name and the first line of why. */
function failuresOf(report) {
  if (!existsSync(report)) return [];
  const json = JSON.parse(readFileSync(report, 'utf8'));
  return (json.testResults ?? []).flatMap((file) => {
    const where = relative(process.cwd(), file.name);
    const tests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    if (!tests.length && file.status === 'failed') return [`${where}: ${firstLine(file.message)}`];
    return tests.map((t) => `${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
  });
}
const firstLine = (text) => (text ?? '').trim().split('\n')[0].slice(0, 300);

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

/**
 * Starts `command` in the background, its output straight into a log file (a file descriptor, not
 * a pipe: the browser phase blocks this process's event loop, so nothing here could drain a pipe
 * and the command would stall once its buffer filled); resolves to its success.
 */
function startBeside(command) {
  const log = '.tmp/beside-browser.log';
  console.log(`\n▶ beside the browser tests: ${command} (output in ${log}, printed after)`);
  const out = openSync(log, 'w');
  const child = spawn('bash', ['-c', command], { stdio: ['ignore', out, out] });
  closeSync(out);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      console.log(`\n▶ ${command} (ran beside the browser tests), exit ${code}`);
      process.stdout.write(readFileSync(log));
      resolve(code === 0);
    });
  });
}

// Separate runs per phase, so that something can start with the browser phase.
const phases = only.length
  ? [{ label: 'tests', projects: only }]
  : [
      { label: 'unit and API tests', projects: ['unit', 'api'] },
      { label: 'browser tests', projects: ['e2e'], beside: process.env.TEST_BESIDE_BROWSER },
    ];
let passed = 0;
let failed = 0;
let skipped = 0;
let testsOk = true;
const reports = [];
for (const [index, phase] of phases.entries()) {
  const besideDone = phase.beside ? startBeside(phase.beside) : Promise.resolve(true);
  // The report scripts/test-external-pg.sh writes (and removes first), for the failures' names.
  if (phase.beside) reports.push('.tmp/vitest-external-pg.json');
  const report = `.tmp/vitest-report-${index}.json`;
  rmSync(report, { force: true });
  reports.push(report);
  const ok = run(phase.label, 'npx', [
    'vitest',
    'run',
    ...phase.projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${report}`,
  ]);
  let phaseFailed = 0;
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    passed += json.numPassedTests ?? 0;
    phaseFailed = json.numFailedTests ?? 0;
    skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
  }
  if (!ok && phaseFailed === 0) phaseFailed = 1; // a suite that failed to load counts as a failure
  failed += phaseFailed;
  testsOk &&= ok;
  if (!(await besideDone)) {
    failed += 1;
    testsOk = false;
  }
}
failed += failedSteps;
// Last, beside the summary: CI shows only the end of the output, where the failures' names belong.
const failures = reports.flatMap(failuresOf);
if (failures.length) console.log(`\nfailed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed === 0 && testsOk ? 0 : 1);
