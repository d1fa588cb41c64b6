import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import pg from 'pg';
import { preparedName } from './prepared';

/**
 * pg's pool as Kysely sees it, with every query of a checked-out client run through pg's callback form
 * instead of the promise `client.query(sql, values)` returns.
 *
 * Why: measured with `--trace-gc-nvp` (bench/src/money.ts, PostgreSQL), every row of every result read
 * through the promise form survived two young-generation collections and was promoted to V8's old
 * generation (about 350 bytes a row, whatever the batch size: 20, 200 or 2,000 rows), where it stayed
 * until the next full collection. A 1,000,000-row CSV export read 500 batches that way and grew the
 * server by 140 MB. Through the callback form next to nothing is promoted (0.01 MB per collection
 * instead of 3 MB); `pg.Pool#query`, which uses the same form, behaves the same.
 */
export function callbackQueryPool(pool: pg.Pool): PostgresPool {
  // One wrapper per pg client: Kysely keeps its connection objects in a WeakMap keyed by the client.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let wrapper = wrappers.get(client);
    if (!wrapper) {
      wrapper = {
        get processID() {
          return (client as pg.PoolClient & { processID?: number }).processID;
        },
        query: ((sqlOrCursor: string | PostgresCursor<unknown>, parameters?: readonly unknown[]) => {
          // A cursor (Kysely's stream()) goes to pg as it is.
          if (typeof sqlOrCursor !== 'string') return client.query(sqlOrCursor as never);
          // A hot read marked by prepared(): pg parses it once per connection under its name.
          const name = preparedName(sqlOrCursor);
          return new Promise<PostgresQueryResult<unknown>>((resolve, reject) => {
            const done = (error: Error | null, result: unknown) => {
              if (error) reject(error);
              else resolve(result as PostgresQueryResult<unknown>);
            };
            if (name) client.query({ name, text: sqlOrCursor, values: parameters as unknown[] }, done);
            else client.query(sqlOrCursor, parameters as unknown[], done);
          });
        }) as PostgresPoolClient['query'],
        release: (destroy?: boolean) => client.release(destroy),
      };
      wrappers.set(client, wrapper);
    }
    return wrapper;
  };
  return {
    // For Kysely's query cancellation (a control connection beside the pool's).
    Client: pg.Client as unknown as PostgresPool['Client'],
    options: pool.options,
    connect: async () => wrap(await pool.connect()),
    end: () => pool.end(),
  };
}
