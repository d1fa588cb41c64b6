/* Internal to the schema files (not re-exported by ../schemas.ts): refinements that keep a period's start not after its end. */

const PERIOD_ORDER_MESSAGE = '開始日は終了日以前にしてください';
/** Refinements of a period given as start_date/end_date or start_at/end_at: the start is not after the end. */
export const datesInOrder: [
  (q: { start_date: string; end_date: string }) => boolean,
  { message: string; path: string[] },
] = [(q) => q.start_date <= q.end_date, { message: PERIOD_ORDER_MESSAGE, path: ['end_date'] }];
export const atsInOrder: [(q: { start_at: string; end_at: string }) => boolean, { message: string; path: string[] }] = [
  (q) => q.start_at <= q.end_at,
  { message: PERIOD_ORDER_MESSAGE, path: ['end_at'] },
];
