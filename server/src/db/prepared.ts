import { createHash } from 'node:crypto';
import { type Expression, sql } from 'kysely';

/**
 * The marker a hot read carries at its end (a SQL comment, so any database reads it as nothing): on
 * PostgreSQL the pool runs a statement that ends with it as a named prepared statement.
 */
export const PREPARED_MARK = '/* prepared */';

/**
 * Runs a read that every request (or every list page) makes as a named prepared statement on
 * PostgreSQL: each connection parses and plans it once, then only binds and executes it. Measured on
 * a 1,000,000-entry wallet (bench/src/money.ts), planning was most of a history page's database time
 * (the page's rows: 3.3 ms to plan, 0.7 to run; prepared: 0.3 in all). Only for a statement whose text
 * is one of a few fixed shapes (no literal values in it), whose generic plan has been looked at: the
 * pool plans these generically (`plan_cache_mode`, connection.ts), and a generic plan is chosen without
 * the parameters' values. The embedded database runs a marked text as a named statement the same way
 * (pglite-dialect.ts), under the same generic plan.
 */
export function prepared<Q extends { modifyEnd(modifier: Expression<unknown>): Q }>(query: Q): Q {
  return query.modifyEnd(sql.raw(PREPARED_MARK));
}

/**
 * How many statement texts may be prepared per process: marked statements come in a few shapes each,
 * so this is never reached by the product; a bound keeps the server's and PostgreSQL's memory finite
 * should a marked statement ever carry a literal (beyond it, texts run unnamed, as unmarked ones do).
 */
export const MAX_PREPARED_TEXTS = 500;

/**
 * Names marked texts (the same name for the same text on every connection), up to `max` texts; null
 * for an unmarked text, or a new one past the bound: it then runs unnamed.
 */
export function statementNamer(max = MAX_PREPARED_TEXTS): (text: string) => string | null {
  const names = new Map<string, string>();
  return (text) => {
    if (!text.endsWith(PREPARED_MARK)) return null;
    const known = names.get(text);
    if (known) return known;
    if (names.size >= max) return null;
    const name = `coin_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
    names.set(text, name);
    return name;
  };
}

/** The process's statement names (the pool's, connection.ts). */
export const preparedName = statementNamer();
