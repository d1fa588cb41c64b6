import { parseArgs } from 'node:util';
import type { Db } from '../db/connection';
import { MoveRefused, type MoveReport, moveToPostgres, withoutPassword } from '../db/moveToPostgres';
import type { AdminIo } from './admin';

export const MOVE_USAGE = `Usage: npm run admin -- move-to-postgres --to postgres://user:password@host:5432/database [--json]

Moves the embedded database (DATA_DIR/pglite) to PostgreSQL. Stop the server first. The target must
be a database that holds no data (create it: createdb -O coin coin). The command migrates it, then
copies every table in dependency order, ids and all, and sets its sequences, in one transaction
there (all or nothing). Then start the server with DATABASE_URL set to that URL: it runs on
PostgreSQL from then on. The embedded database is only read; keep DATA_DIR/pglite as a backup until
the service has been checked on PostgreSQL.`;

/** The embedded database to move, opened; or a refusal (MoveRefused) when there is none to move. */
export type MoveSource = () => Promise<{ db: Db; describe: string }>;

/**
 * `npm run admin -- move-to-postgres --to <url>`: exit code 0 moved, 1 refused (the target holds data,
 * the server is running, the installation is on PostgreSQL already), 2 bad usage.
 */
export async function runMoveToPostgres(args: readonly string[], source: MoveSource, io: AdminIo): Promise<number> {
  let values: { to?: string; json?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...args],
      options: { to: { type: 'string' }, json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    }));
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n\n${MOVE_USAGE}`);
    return 2;
  }
  if (values.help) {
    io.out(MOVE_USAGE);
    return 0;
  }
  const to = values.to ?? '';
  if (!/^postgres(ql)?:\/\/./.test(to)) {
    io.err(`--to must be a PostgreSQL URL: postgres://user:password@host:5432/database\n\n${MOVE_USAGE}`);
    return 2;
  }
  const shown = withoutPassword(to);
  let report: MoveReport;
  try {
    const { db, describe } = await source();
    if (!values.json) io.out(`moving ${describe} to ${shown} …`);
    report = await moveToPostgres(db, to, {
      onTable: (moved) => {
        if (!values.json)
          io.out(
            `  ${moved.table.padEnd(32)} ${moved.rows.toLocaleString('en').padStart(12)} row${moved.rows === 1 ? '' : 's'}`,
          );
      },
    });
  } catch (error) {
    if (!(error instanceof MoveRefused)) throw error;
    io.err(`refused: ${error.message}`);
    return 1;
  }
  if (values.json) {
    io.out(JSON.stringify(report, null, 2));
    return 0;
  }
  const rows = report.tables.reduce((sum, table) => sum + table.rows, 0);
  io.out(
    `moved ${rows.toLocaleString('en')} rows of ${report.tables.length} tables and set ${report.sequences.length} ` +
      `sequences in one transaction on ${shown}, in ${(report.ms / 1000).toFixed(1)} s.`,
  );
  io.out(
    'Next: start the server with DATABASE_URL set to that URL; it runs on PostgreSQL from then on. The embedded ' +
      'database was only read: keep DATA_DIR/pglite as a backup until the service has been checked.',
  );
  return 0;
}
