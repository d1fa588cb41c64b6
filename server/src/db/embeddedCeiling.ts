import { sql } from 'kysely';
import type { Db } from './connection';

/** How often a running embedded server looks again (the ledger grows while it runs). */
export const CEILING_CHECK_INTERVAL_MS = 60 * 60 * 1000;

export interface CeilingReading {
  /** History entries in the ledger (every wallet's lines; a payment writes two). */
  entries: number;
  threshold: number;
  over: boolean;
}

/**
 * How large the embedded database's ledger is against EMBEDDED_WARN_ENTRIES. Read from the largest entry
 * id (one index lookup, whatever the size; entries are never deleted but by hand, so it counts them
 * within the few ids a rolled-back posting skips).
 */
export async function readCeiling(db: Db, threshold: number): Promise<CeilingReading> {
  const { rows } = await sql<{ n: string }>`select coalesce(max(id), 0)::text as n from entries`.execute(db);
  const entries = Number(rows[0]?.n ?? 0);
  return { entries, threshold, over: threshold > 0 && entries >= threshold };
}

/** The warning's text: what was measured, what it costs, and the one command that moves the data. */
export function ceilingWarning(reading: CeilingReading): string {
  return (
    `the embedded database holds ${reading.entries.toLocaleString('en')} history entries, at or above ` +
    `EMBEDDED_WARN_ENTRIES=${reading.threshold.toLocaleString('en')}: it is near the embedded database's ceiling ` +
    '(README, "The embedded database\'s ceiling"). Move to PostgreSQL: stop the server, run ' +
    '`npm run admin -- move-to-postgres --to postgres://…`, then start it with DATABASE_URL set'
  );
}

/**
 * Logs the warning at start-up and then hourly while the ledger is at or above the threshold (0: never
 * looks). Answers a stop function; the timer does not keep the process alive.
 */
export function watchEmbeddedCeiling(
  db: Db,
  threshold: number,
  warn: (details: { entries: number; threshold: number }, message: string) => void,
  intervalMs = CEILING_CHECK_INTERVAL_MS,
): { first: Promise<CeilingReading | null>; stop: () => void } {
  if (threshold <= 0) return { first: Promise.resolve(null), stop: () => {} };
  const check = async () => {
    const reading = await readCeiling(db, threshold);
    if (reading.over) warn({ entries: reading.entries, threshold }, ceilingWarning(reading));
    return reading;
  };
  const timer = setInterval(() => {
    // A failed look (the database closing at shutdown) is no reason to stop the service.
    check().catch(() => {});
  }, intervalMs);
  timer.unref();
  return { first: check(), stop: () => clearInterval(timer) };
}
