import type { Migration } from 'kysely/migration';
import * as core from './2026_11_22_0001_core';

/** Every migration, by name; names sort in the order they run. Listed by hand: no directory scanning. */
export const MIGRATIONS: Record<string, Migration> = {
  '2026_11_22_0001_core': core,
};
