import { installTestClock } from '@coin/contract/testClock';
import { sql } from 'kysely';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/connection';
import { watchEmbeddedCeiling } from './db/embeddedCeiling';
import { watchEmbeddedMaintenance } from './db/embeddedMaintenance';
import { migrateToLatest } from './db/migrate';
import { newOperatorSecret, removeOperatorChannel, writeOperatorChannel } from './domain/operatorChannel';
import { buildApp } from './http/app';
import { buildMetricsApp } from './http/operations';
import { buildOperatorApp } from './http/routes/refundsOperator';
import { isDatabaseEmpty, seedDemo } from './seed';

/** Runs the process: configuration, database, demo seed on an empty database, listen, graceful close. */
async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  const clockOffsetMs = installTestClock();
  let logIdleConnectionError = (error: Error) => console.error(error);
  const db = openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.pgliteDir,
    onIdleConnectionError: (error) => logIdleConnectionError(error),
  });
  // PGlite is one process: the operator command asks this server (loopback + secret) instead.
  const operatorSecret = config.databaseUrl ? undefined : newOperatorSecret();
  const app = await buildApp({ config, db });
  const operatorApp = operatorSecret
    ? await buildOperatorApp({
        db,
        secret: operatorSecret,
        logLevel: config.logLevel,
        publicUrl: config.publicUrl,
        bankAccountHoldHours: config.bankAccountHoldHours,
      })
    : null;
  const log = app.log;
  logIdleConnectionError = (error) =>
    log.warn({ err: error }, 'an idle PostgreSQL connection failed; it is discarded and replaced on the next query');

  if (clockOffsetMs !== 0) log.warn({ now: new Date().toISOString() }, 'TEST_CLOCK: running on a test clock');
  log.info({ database: config.databaseUrl ? 'postgresql' : `pglite (${config.pgliteDir})` }, 'opening database');
  const migrations = await migrateToLatest(db);
  if (migrations.length > 0) log.info({ migrations: migrations.map((m) => m.migrationName) }, 'migrated');
  if (await isDatabaseEmpty(db)) {
    const seeded = await seedDemo(db);
    log.info(seeded, 'seeded the demo data (password of every demo account: demo-password)');
  } else if (!config.databaseUrl) {
    // PGlite runs no autovacuum: refresh the planner statistics once per start.
    await sql`analyze`.execute(db);
  }
  // The embedded database tidies its day counts (it has no autovacuum), now and hourly.
  const maintenance = config.databaseUrl
    ? null
    : watchEmbeddedMaintenance(db, (error) => log.warn({ err: error }, 'embedded database maintenance failed'));
  await maintenance?.first;
  // The embedded database warns as its ledger nears the ceiling (EMBEDDED_WARN_ENTRIES), now and hourly.
  const ceiling = config.databaseUrl
    ? null
    : watchEmbeddedCeiling(db, config.embeddedWarnEntries, (details, message) => log.warn(details, message));
  await ceiling?.first;

  const metricsApp = config.metricsPort ? await buildMetricsApp(app.operations.registry) : null;

  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    // Readiness answers 503 from now; the listener stops taking connections, requests in flight are
    // answered and background work (mail, after-answer tasks) settles in the onClose hooks.
    app.operations.markShuttingDown();
    log.info({ signal, timeoutSeconds: config.shutdownTimeoutSeconds }, 'shutting down: finishing requests in flight');
    const deadline = setTimeout(() => {
      log.error({ timeoutSeconds: config.shutdownTimeoutSeconds }, 'shutdown did not finish in time; exiting');
      process.exit(1);
    }, config.shutdownTimeoutSeconds * 1000);
    deadline.unref();
    try {
      ceiling?.stop();
      maintenance?.stop();
      if (operatorApp) {
        removeOperatorChannel(config.dataDir);
        await operatorApp.close();
      }
      await metricsApp?.close();
      await app.close();
      await db.destroy();
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (operatorApp && operatorSecret) {
    // Loopback only, on a port of the system's choosing; the channel file tells the command where.
    await operatorApp.listen({ host: '127.0.0.1', port: 0 });
    const address = operatorApp.server.address();
    if (typeof address === 'object' && address) {
      writeOperatorChannel(config.dataDir, { pid: process.pid, port: address.port, secret: operatorSecret });
    }
  }
  if (metricsApp && config.metricsPort) {
    await metricsApp.listen({ port: config.metricsPort, host: config.metricsHost });
    log.info(`metrics at http://${config.metricsHost}:${config.metricsPort}/metrics`);
  }
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  log.info(
    { startupMs: Math.round(performance.now() - started) },
    `wallet service ready at http://${shownHost}:${config.port} (public URL ${config.publicUrl})`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error);
  }
  process.exit(1);
});
