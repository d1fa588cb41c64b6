import { installTestClock } from '@coin/contract/testClock';
import { ConfigError, loadConfig } from '../config';
import { type Db, openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { MoveRefused } from '../db/moveToPostgres';
import { readOperatorChannel } from '../domain/operatorChannel';
import { type AdminBackend, databaseBackend, lockHolder, runAdmin, serverBackend } from './admin';
import { runMoveToPostgres } from './move';

/** `npm run admin -- …`: picks the way to the data (see ADMIN_USAGE), runs the command, closes. */
async function main(): Promise<number> {
  let db: Db | null = null;
  const backend = async (): Promise<AdminBackend> => {
    const config = loadConfig();
    installTestClock();
    if (config.databaseUrl) {
      db = openDatabase({ databaseUrl: config.databaseUrl, maxConnections: 2 });
      return databaseBackend(db, 'PostgreSQL', {
        publicUrl: config.publicUrl,
        bankAccountHoldHours: config.bankAccountHoldHours,
      });
    }
    const holder = lockHolder(`${config.pgliteDir}.lock`);
    if (holder !== null) {
      const channel = readOperatorChannel(config.dataDir);
      if (!channel || channel.pid !== holder) {
        throw new Error(
          `the embedded database ${config.pgliteDir} is in use by process ${holder}, which offers no operator ` +
            `listener (${config.dataDir}/operator.json); stop it, or start the server with npm start / npm run serve`,
        );
      }
      return serverBackend(channel);
    }
    db = openDatabase({ databaseUrl: null, pgliteDir: config.pgliteDir });
    await migrateToLatest(db);
    return databaseBackend(db, `the embedded database ${config.pgliteDir}`, {
      publicUrl: config.publicUrl,
      bankAccountHoldHours: config.bankAccountHoldHours,
    });
  };
  // The embedded database itself, opened here with the server stopped: what move-to-postgres reads.
  const embedded = async () => {
    const config = loadConfig();
    installTestClock();
    if (config.databaseUrl) {
      throw new MoveRefused(
        'DATABASE_URL is set: this installation runs on PostgreSQL already (copy one PostgreSQL database to another with pg_dump)',
      );
    }
    const holder = lockHolder(`${config.pgliteDir}.lock`);
    if (holder !== null) {
      throw new MoveRefused(
        `the embedded database ${config.pgliteDir} is open in the running server (pid ${holder}): stop the server ` +
          'first, so that nothing is written while it is copied',
      );
    }
    db = openDatabase({ databaseUrl: null, pgliteDir: config.pgliteDir });
    await migrateToLatest(db);
    return { db, describe: `the embedded database ${config.pgliteDir}` };
  };
  const io = { out: (line: string) => console.log(line), err: (line: string) => console.error(line) };
  const [group, ...rest] = process.argv.slice(2);
  try {
    if (group === 'move-to-postgres') return await runMoveToPostgres(rest, embedded, io);
    return await runAdmin(process.argv.slice(2), backend, io);
  } finally {
    await (db as Db | null)?.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof Error ? `admin: ${error.message}` : error);
    if (error instanceof Error && process.env.DEBUG) console.error(error.stack);
    process.exit(1);
  },
);
