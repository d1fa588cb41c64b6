/**
 * Whole numbers written with thousands separators, as ja-JP's number format writes them (1,234,567;
 * -1,234), without Intl. A page's first Intl object makes the browser set up ICU's locale data, tens
 * of milliseconds of main-thread time on a phone (Lighthouse's TBT on every signed-in page), and
 * whole amounts are all most pages' first paint formats (the call schemas' messages, yen and coins).
 * Anything else (fractions, beyond Number.MAX_SAFE_INTEGER, -0) goes to Intl as before.
 */
export function groupedInteger(value: number): string {
  if (!Number.isSafeInteger(value) || Object.is(value, -0)) return value.toLocaleString('ja-JP');
  const digits = String(Math.abs(value));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let at = grouped.length; at < digits.length; at += 3) grouped += `,${digits.slice(at, at + 3)}`;
  return value < 0 ? `-${grouped}` : grouped;
}
