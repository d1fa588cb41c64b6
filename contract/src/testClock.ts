/**
 * The test clock: `TEST_CLOCK` moves a process's clock to another day, so the suite (unit, server and
 * browser) and the demo seed can be run as if it were, say, 31 December.
 *
 * `TEST_CLOCK=2026-12-31T12:00:00+09:00` — any instant `Date` parses — makes `new Date()` and `Date.now()`
 * of the process answer that instant when it starts, then run on in real time. The first process that
 * installs it writes the real time it anchored at into the variable (`2026-12-31T03:00:00.000Z@1764123456789`),
 * so the processes it starts (the server of the browser tests, test workers, the admin command) inherit the
 * same clock to the millisecond instead of starting theirs later.
 *
 * Only `Date` moves: timers, `performance.now()` and the operating system's clock do not. PGlite reads
 * `Date.now()`, so the embedded database's `now()` moves with it; a PostgreSQL server keeps its own clock
 * (the code passes its times as parameters; column defaults alone use the server's `now()`).
 * A test aid: a production server refuses to start with it (server/src/config.ts).
 */

export const TEST_CLOCK_VARIABLE = 'TEST_CLOCK';

export interface TestClockSetting {
  /** The instant the clock showed at `anchor`. */
  start: number;
  /** The real time (ms since the epoch) at which the clock showed `start`. */
  anchor: number | null;
}

/** Reads the variable's value: `<instant>` or `<instant>@<real epoch ms>`. Throws on anything else. */
export function parseTestClock(value: string): TestClockSetting {
  const match = /^(.+?)(?:@(\d{10,16}))?$/.exec(value.trim());
  const start = match?.[1] ? Date.parse(match[1]) : Number.NaN;
  if (!match || Number.isNaN(start)) {
    throw new Error(`${TEST_CLOCK_VARIABLE} must be an ISO date-time such as 2026-12-31T12:00:00+09:00 (got ${value})`);
  }
  return { start, anchor: match[2] ? Number(match[2]) : null };
}

/** How far the clock runs ahead of the real time (negative: behind). */
export const testClockOffset = (setting: TestClockSetting, realNow: number): number =>
  setting.start - (setting.anchor ?? realNow);

const INSTALLED = Symbol.for('coin.testClock.realDate');

/**
 * Moves this process's `Date` by the offset `TEST_CLOCK` gives and anchors the variable for child
 * processes. Does nothing when the variable is unset; installing twice keeps the first clock.
 * Answers the offset in milliseconds (0 when unset).
 */
export function installTestClock(env: Record<string, string | undefined> = process.env): number {
  const value = env[TEST_CLOCK_VARIABLE];
  if (value === undefined || value === '') return 0;
  const holder = globalThis as unknown as Record<symbol, DateConstructor | undefined>;
  const RealDate = holder[INSTALLED] ?? Date;
  const setting = parseTestClock(value);
  const realNow = RealDate.now();
  const offset = testClockOffset(setting, realNow);
  if (setting.anchor === null) env[TEST_CLOCK_VARIABLE] = `${new RealDate(setting.start).toISOString()}@${realNow}`;
  if (holder[INSTALLED]) return offset;
  holder[INSTALLED] = RealDate;
  globalThis.Date = shiftedDate(RealDate, offset);
  return offset;
}

/**
 * A `Date` whose clock runs `offset` ms away from `RealDate`'s: `new Date()`, `Date.now()` and `Date()`
 * move; dates built from a value, `Date.parse`, `Date.UTC`, the prototype and `instanceof` stay as they are.
 */
export function shiftedDate(RealDate: DateConstructor, offset: number): DateConstructor {
  const now = () => RealDate.now() + offset;
  const shifted: DateConstructor = new Proxy(RealDate, {
    construct: (target, args, newTarget) =>
      Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget === shifted ? target : newTarget),
    apply: () => new RealDate(now()).toString(),
    get: (target, property, receiver) => (property === 'now' ? now : Reflect.get(target, property, receiver)),
  });
  return shifted;
}
