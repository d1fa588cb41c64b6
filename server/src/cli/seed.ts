import { parseArgs } from 'node:util';
import { installTestClock } from '@coin/contract/testClock';
import { NO_MIGRATIONS } from 'kysely/migration';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/connection';
import { migrateToLatest, migratorOf } from '../db/migrate';
import { isDatabaseEmpty, seedDemo } from '../seed';
import { addBenchmarkPayments } from '../seed/benchmark';

const USAGE = `Usage: npm run seed -- [--reset] [--transactions N]

Seeds the demo data into the configured database (DATABASE_URL, or PGlite in DATA_DIR) when it is empty.
  --transactions N   also add N payment transactions to めぶくカフェ 本店 (benchmark data)
  --reset            drop every table and seed again (destroys all data)
Stop the server first when it uses the embedded database (PGlite is single-process).`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      reset: { type: 'boolean', default: false },
      transactions: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const extra = values.transactions === undefined ? 0 : Number(values.transactions);
  if (!Number.isSafeInteger(extra) || extra < 0) {
    console.error(`--transactions must be a non-negative integer (got "${values.transactions}")\n\n${USAGE}`);
    return 2;
  }

  const config = loadConfig();
  installTestClock();
  const db = openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: config.pgliteDir });
  try {
    if (values.reset) {
      const { error } = await migratorOf(db).migrateTo(NO_MIGRATIONS);
      if (error) throw error;
      console.log('dropped every table');
    }
    await migrateToLatest(db);
    if (await isDatabaseEmpty(db)) {
      const seeded = await seedDemo(db);
      console.log(
        `seeded the demo: ${seeded.transactions} transactions, ${seeded.entries} entries ` +
          `(${seeded.mainWalletEntries} in 本店's wallet) in ${seeded.ms} ms`,
      );
    } else if (extra === 0) {
      console.log('the database already holds data: nothing to do (use --reset to start over)');
    }
    if (extra > 0) {
      const added = await addBenchmarkPayments(db, extra, {
        onProgress: (done) => process.stdout.write(`\r  ${done} / ${extra} payments`),
      });
      console.log(`\nadded ${extra} payments to 本店 (${added.transactions} transactions) in ${added.ms} ms`);
    }
    return 0;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? `seed failed: ${error.message}` : error);
    if (error instanceof Error && !(error instanceof ConfigError) && process.env.DEBUG) console.error(error.stack);
    process.exit(1);
  },
);
