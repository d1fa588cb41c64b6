import type { Db } from '../db/connection';
import { type SeedSection, type SeedSummary, seedCore } from '../db/seed';
import { seedMerchantSettings } from './merchantSettings';
import { seedMoneyOut } from './moneyOut';
import { seedPayouts } from './payouts';
import { seedPrograms } from './programs';

/**
 * The demo's sections, each its own module above the domain code (it may post through the ledger and
 * the domain services); they run in the seed's transaction after the core rows, in this order.
 */
export const DEMO_SECTIONS: readonly SeedSection[] = [seedMoneyOut, seedPayouts, seedPrograms, seedMerchantSettings];

/** Seeds the whole demo (DESIGN.md §9): the core of db/seed.ts, then every section. */
export function seedDemo(db: Db, options: { now?: Date } = {}): Promise<SeedSummary> {
  return seedCore(db, { ...options, sections: DEMO_SECTIONS });
}
