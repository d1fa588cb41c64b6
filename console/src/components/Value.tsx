import type { ReactNode } from 'react';

const WHOLE = { whiteSpace: 'nowrap' } as const;

/**
 * A value that never breaks across lines: a wallet number, an amount, a date or time, an id. A phone
 * that wraps 2000000001 as 200000 / 0001 shows another number.
 */
export function Value({ children }: { children: ReactNode }) {
  // data-value: a test (or a check of the page) finds the values and tells them from the words around them.
  return (
    <span data-value="" style={WHOLE}>
      {children}
    </span>
  );
}

/*
 * What counts as one value inside a text: a number with its sign or currency sign, separators (1,200,
 * 2.5, 2026/11/24, 10:00, 2026-11-24) and unit (%, 円, 件, 回); a date followed by its time; a month
 * (2026年4月) or a day (2026年4月1日).
 */
const VALUE_RUN =
  /\d{4}年\d{1,2}月(?:\d{1,2}日)?|[+\-−￥¥]?\d(?:[\d,.:/-]*\d)?(?:[ \u00a0]\d{1,2}:\d{2}(?::\d{2})?)?[%％円件回]?/g;

/**
 * Text as shown in a narrow cell: every value in it (VALUE_RUN) kept whole, the words around it free to
 * wrap. A number is kept whole as it is; other nodes are left as they are (their own markup decides).
 */
export function keepValuesWhole(content: ReactNode): ReactNode {
  if (typeof content === 'number' || typeof content === 'bigint') return <Value>{String(content)}</Value>;
  if (typeof content !== 'string') return content;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of content.matchAll(VALUE_RUN)) {
    const start = match.index;
    if (start > last) parts.push(content.slice(last, start));
    parts.push(<Value key={start}>{match[0]}</Value>);
    last = start + match[0].length;
  }
  if (parts.length === 0) return content;
  if (last < content.length) parts.push(content.slice(last));
  return parts.length === 1 ? parts[0] : parts;
}
