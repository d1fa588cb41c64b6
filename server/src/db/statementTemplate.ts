import { type Compilable, CompiledQuery } from 'kysely';
import type { Db } from './connection';

/**
 * Statements built and compiled once per shape, then run with each call's values: for the reads every
 * request makes (the sign-in check) and every history page makes (its rows and total). Building a Kysely
 * query and compiling it to text is JavaScript work on every call, the same each time for a statement of
 * a fixed shape: profiled on a history page (PGlite, 1,500 requests), about 1.5 ms of a 10 ms request went
 * to building and compiling its three statements. The text is the same as the builder's, so a statement
 * marked prepared() still runs as a named statement.
 *
 * How it works: the builder is called with a stand-in (a slot) for each value, and the compiled text keeps
 * the slots as its parameters; a call swaps its own values in. A value that decides the text rather than
 * fill it in cannot be a slot: absent values (undefined, null), booleans and other falsy values are kept as
 * they are and are part of the shape's key, and whatever else the builder chooses the text by (a kind of target, a filter
 * set) the caller names in `shape`. The first call of each shape also builds with the real values and
 * throws if the two texts differ (a builder that chose its text by a value it was not told to key on).
 */

const SLOT = Symbol('statement slot');

interface Slot {
  readonly [SLOT]: string;
}

const isSlot = (value: unknown): value is Slot => typeof value === 'object' && value !== null && SLOT in value;

type Values = object;

const namedValue = (values: Values, name: string): unknown => (values as Record<string, unknown>)[name];

/**
 * Whether a value decides the text (kept, and keyed on) rather than fills a parameter in (a slot): absent
 * values, booleans, and every other falsy value ('', 0, NaN), which a builder's `if (value)` would read
 * otherwise than a slot's truthiness.
 */
const decidesText = (value: unknown) => !value || typeof value === 'boolean';

/** The shape's key: the caller's name for it, then each value that decides the text. */
function keyOf(shape: string, values: Values): string {
  let key = shape;
  for (const [name, value] of Object.entries(values as Record<string, unknown>)) {
    if (decidesText(value)) key += `|${name}=${String(value)}`;
  }
  return key;
}

/** The values with each one that fills a parameter in replaced by its slot. */
function slotsOf<V extends Values>(values: V): V {
  const slots: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values as Record<string, unknown>))
    slots[name] = decidesText(value) ? value : { [SLOT]: name };
  return slots as V;
}

interface Template {
  sql: string;
  parameters: readonly unknown[];
}

/** The compiled text with slots, checked against the same statement built with the call's values. */
function templateOf<V extends Values>(
  build: (db: Db, values: V, shape: string) => Compilable<unknown>,
  db: Db,
  shape: string,
  values: V,
): Template {
  const fromSlots = build(db, slotsOf(values), shape).compile();
  const direct = build(db, values, shape).compile();
  const filled = fromSlots.parameters.map((p) => (isSlot(p) ? namedValue(values, p[SLOT]) : p));
  const same =
    fromSlots.sql === direct.sql &&
    filled.length === direct.parameters.length &&
    filled.every((value, i) => Object.is(value, direct.parameters[i]));
  if (!same) {
    throw new Error(
      `a statement template's text depends on a value it is not keyed on: ${fromSlots.sql.slice(0, 120)}`,
    );
  }
  return { sql: fromSlots.sql, parameters: fromSlots.parameters };
}

/** How many shapes one template keeps (each is a few fixed combinations; past it, calls compile anew). */
export const MAX_TEMPLATE_SHAPES = 64;

/**
 * A statement compiled once per shape (see above): `run(db, shape, values)` answers its rows. `build` may
 * choose the text only by `shape` (its third argument) and by which values are absent, boolean or falsy; every
 * other value it may only place as a parameter (no arithmetic, no methods, no branching on it).
 */
export function statementTemplate<V extends Values, R>(build: (db: Db, values: V, shape: string) => Compilable<R>) {
  const templates = new Map<string, Template>();
  return async (db: Db, shape: string, values: V): Promise<R[]> => {
    // A plugin rewrites the built query (a test's spy reads it): a text compiled without it would bypass it.
    if (db.getExecutor().plugins.length > 0) return (await db.executeQuery(build(db, values, shape))).rows;
    const key = keyOf(shape, values);
    let template = templates.get(key);
    if (!template) {
      template = templateOf(build, db, shape, values);
      if (templates.size < MAX_TEMPLATE_SHAPES) templates.set(key, template);
    }
    const parameters = template.parameters.map((p) => (isSlot(p) ? namedValue(values, p[SLOT]) : p));
    const { rows } = await db.executeQuery<R>(CompiledQuery.raw(template.sql, parameters));
    return rows;
  };
}
