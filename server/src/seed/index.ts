import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/connection';
import type { Database } from '../db/schema';
import { demoPasswordHashes, insertAccounts } from './accounts';
import { seedAuditLog } from './auditLog';
import { type BusinessSummary, insertBusiness } from './business';
import { resetSequence } from './core/ledgerBuffer';
import { seedDocuments } from './documents';
import { insertFees } from './fees';
import { seedMerchantSettings } from './merchantSettings';
import { seedMoneyOut } from './moneyOut';
import { insertNotices } from './notices';
import { seedPayouts } from './payouts';
import { seedPrograms } from './programs';
import { seedTwoStep } from './twoStep';

/**
 * The demo data of DESIGN.md §9. The seed sits above the domain code: a section may post through the
 * ledger and the domain services, or derive its rows from the core's. Deterministic for a given `now`
 * (but for password hashes and invitation tokens): the histories cover the 13 months before it, so the
 * dashboard always has recent data.
 */

/** A part of the demo, written in the seed's transaction. */
export type SeedSection = (trx: Transaction<Database>, context: { now: Date }) => Promise<void>;

/**
 * The sections after the core (accounts, fees, business, notices), in this order: they may post
 * through the ledger, after the core's last entry, or derive their rows from the core's.
 */
export const DEMO_SECTIONS: readonly SeedSection[] = [
  seedMoneyOut,
  seedPayouts,
  seedPrograms,
  seedMerchantSettings,
  seedTwoStep,
  seedDocuments,
  seedAuditLog,
];

export interface SeedSummary extends BusinessSummary {
  ms: number;
}

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom('identities')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

/** Seeds the whole demo in one database transaction: the core, then every section. */
export async function seedDemo(db: Db, options: { now?: Date } = {}): Promise<SeedSummary> {
  const started = Date.now();
  const now = options.now ?? new Date();
  const passwordHashes = await demoPasswordHashes();

  return db.transaction().execute(async (trx) => {
    await insertAccounts(trx, { now, passwordHashes });
    await insertFees(trx, { now });
    const business = await insertBusiness(trx, { now });
    await insertNotices(trx, { now });

    const serialTables = ['identities', 'merchant_groups', 'merchants', 'transactions', 'entries'] as const;
    for (const table of serialTables) await resetSequence(trx, table);
    for (const section of DEMO_SECTIONS) await section(trx, { now });
    // Again after the sections: they may insert rows with ids of their own (a demo merchant, its Owner).
    for (const table of serialTables) await resetSequence(trx, table);
    // Fresh statistics, or the planner takes the bulk-loaded tables for empty ones.
    await sql`analyze`.execute(trx);

    return { ...business, ms: Date.now() - started };
  });
}
