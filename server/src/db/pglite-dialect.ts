import type { PGlite } from '@electric-sql/pglite';
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

class PGliteConnection implements DatabaseConnection {
  constructor(readonly pglite: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters], { rowMode: 'object' });
    const command = result.command?.toUpperCase();
    const affected = result.rowCount ?? result.affectedRows;
    return {
      rows: result.rows,
      ...(command && MUTATING_COMMANDS.has(command) && affected !== undefined
        ? { numAffectedRows: BigInt(affected) }
        : {}),
    };
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
   * The output of a `COPY … TO '/dev/blob'` statement as text, run on the one connection between other
   * callers' statements (never inside another caller's transaction).
   */
  async copyText(statement: string): Promise<string> {
    const connection = (await this.acquireConnection()) as PGliteConnection;
    try {
      const result = await connection.pglite.query(statement);
      return result.blob ? await result.blob.text() : '';
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

  /** PGliteDriver.copyText on the database this dialect opened. */
  copyText(statement: string): Promise<string> {
    if (!this.#driver) throw new Error('PGlite dialect used before its database was opened');
    return this.#driver.copyText(statement);
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
