import { installTestClock } from '@coin/contract/testClock';
import { ConfigError, loadConfig } from '../config';
import { type Db, openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { readOperatorChannel } from '../domain/operatorChannel';
import { type AdminBackend, databaseBackend, lockHolder, runAdmin, serverBackend } from './admin';

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
  try {
    return await runAdmin(process.argv.slice(2), backend, {
      out: (line) => console.log(line),
      err: (line) => console.error(line),
    });
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
