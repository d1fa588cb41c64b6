import { type PGlite, parse, protocol } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { preparedName } from './prepared';

export interface PGliteDialectConfig {
  /** Opens the database; called once by the driver's `init`. */
  open: () => Promise<PGlite>;
  /** Schema put first on the search_path (tests isolate themselves this way). */
  searchPath?: string;
  /** Called once the database is closed. */
  onClose?: () => void;
}

/** FIFO lock: PGlite is one connection, and a transaction must own it until it ends. */
class Mutex {
  #tail: Promise<void> = Promise.resolve();

  lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => {
      release = resolve;
    });
    const acquired = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => next);
    return acquired;
  }
}

const MUTATING_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

const { serialize } = protocol;

function joined(messages: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(messages.reduce((length, message) => length + message.length, 0));
  let at = 0;
  for (const message of messages) {
    out.set(message, at);
    at += message.length;
  }
  return out;
}

class PGliteConnection implements DatabaseConnection {
  /** The named statements of this database (prepared.ts): name → the types of its parameters. */
  readonly #statements = new Map<string, number[]>();

  constructor(readonly pglite: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const name = preparedName(compiledQuery.sql);
    const result = name
      ? await this.#executeNamed<R>(name, compiledQuery.sql, compiledQuery.parameters)
      : await this.pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters], { rowMode: 'object' });
    const command = result.command?.toUpperCase();
    const affected = result.rowCount ?? result.affectedRows;
    return {
      rows: result.rows,
      ...(command && MUTATING_COMMANDS.has(command) && affected !== undefined
        ? { numAffectedRows: BigInt(affected) }
        : {}),
    };
  }

  /**
   * A marked hot read (prepared.ts) as a named statement, as the PostgreSQL pool runs it: parsed and
   * planned once per database, then only bound and executed (PGlite's `query` parses, describes and plans
   * every statement anew: on the history page that was 3–4 ms of its 4–5 ms of database time). The
   * parameters are written and the rows read with the database's own serializers and parsers, so they are
   * the same values `query` gives.
   */
  async #executeNamed<R>(name: string, text: string, parameters: readonly unknown[]) {
    const { pglite } = this;
    return pglite._runExclusiveQuery(async () => {
      let types = this.#statements.get(name);
      if (!types) {
        try {
          const { messages } = await pglite.execProtocol(
            joined([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
          );
          const description = messages.find((message) => message.name === 'parameterDescription');
          types = description && 'dataTypeIDs' in description ? (description.dataTypeIDs as number[]) : [];
        } catch (error) {
          // A statement that parsed but could not be described must not block the name's next parse.
          await pglite.execProtocol(joined([serialize.close({ type: 'S', name }), serialize.sync()]), {
            throwOnError: false,
          });
          throw error;
        }
        this.#statements.set(name, types);
      }
      const values = parameters.map((value, i) => {
        if (value === null || value === undefined) return null;
        const write = pglite.serializers[types[i] ?? -1];
        return write ? write(value) : String(value);
      });
      const { messages } = await pglite.execProtocol(
        joined([
          serialize.bind({ statement: name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
      );
      const [result] = parse.parseResults(messages, pglite.parsers);
      if (!result) throw new Error(`no result for the named statement ${name}`);
      return result as typeof result & { rows: R[] };
    });
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
    // PGlite has no cursors over its in-process protocol; read once, hand out in chunks.
    const { rows } = await this.executeQuery<R>(compiledQuery);
    for (let i = 0; i < rows.length; i += chunkSize) yield { rows: rows.slice(i, i + chunkSize) };
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

class PGliteDriver implements Driver {
  readonly #config: PGliteDialectConfig;
  readonly #mutex = new Mutex();
  #connection: PGliteConnection | undefined;
  #release: (() => void) | undefined;

  constructor(config: PGliteDialectConfig) {
    this.#config = config;
  }

  async init(): Promise<void> {
    const pglite = await this.#config.open();
    if (this.#config.searchPath) await pglite.query(`set search_path to ${quoteIdent(this.#config.searchPath)}`);
    // Named statements are planned once, for any values, as on PostgreSQL (connection.ts; prepared.ts).
    await pglite.query('set plan_cache_mode = force_generic_plan');
    this.#connection = new PGliteConnection(pglite);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#mutex.lock();
    this.#release = release;
    if (!this.#connection) throw new Error('PGlite driver used before init or after destroy');
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const modes = [
      settings.isolationLevel ? `isolation level ${settings.isolationLevel}` : '',
      settings.accessMode ?? '',
    ].filter(Boolean);
    await connection.executeQuery(CompiledQuery.raw(`start transaction${modes.length ? ` ${modes.join(', ')}` : ''}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdent(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteIdent(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdent(name)}`));
  }

  /**
   * The output of a `COPY … TO '/dev/blob'` statement as bytes (UTF-8 text), run on the one connection
   * between other callers' statements (never inside another caller's transaction). Bytes, not a string: a
   * history export hands each batch to its worker thread as they are (csvWorkers.ts), so the main thread
   * makes no large strings of them.
   */
  async copyBytes(statement: string): Promise<Uint8Array> {
    const connection = (await this.acquireConnection()) as PGliteConnection;
    try {
      const result = await connection.pglite.query(statement);
      return result.blob ? new Uint8Array(await result.blob.arrayBuffer()) : new Uint8Array(0);
    } finally {
      await this.releaseConnection();
    }
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  async destroy(): Promise<void> {
    const connection = this.#connection;
    this.#connection = undefined;
    if (connection && !connection.pglite.closed) await connection.pglite.close();
    if (connection) this.#config.onClose?.();
  }
}

/** Kysely dialect for PGlite 0.5 (PostgreSQL SQL; a single connection shared through a mutex). */
export class PGliteDialect implements Dialect {
  #driver: PGliteDriver | undefined;

  constructor(readonly config: PGliteDialectConfig) {}

  createDriver(): Driver {
    this.#driver = new PGliteDriver(this.config);
    return this.#driver;
  }

  /** PGliteDriver.copyBytes on the database this dialect opened. */
  copyBytes(statement: string): Promise<Uint8Array> {
    if (!this.#driver) throw new Error('PGlite dialect used before its database was opened');
    return this.#driver.copyBytes(statement);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}
