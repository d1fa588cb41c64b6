import { readFileSync } from 'node:fs';
import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CoinAmount } from './CoinAmount';
import { FactsTable, LONG_LABEL } from './FactsTable';
import classes from './FactsTable.module.css';
import { ConfirmPanel } from './MoneyStepPanels';
import { renderHtml, textOf } from './pageTesting';
import { keepValuesWhole } from './Value';

const html = (node: React.ReactNode) => renderToStaticMarkup(<MantineProvider>{node}</MantineProvider>);

/** The texts kept whole in the markup, in order. */
const wholeValues = (markup: string) =>
  [...markup.matchAll(/<span data-value=""[^>]*style="white-space:nowrap"[^>]*>([^<]*)<\/span>/g)].map(
    ([, value]) => value,
  );

describe('keepValuesWhole', () => {
  it.each([
    ['2000000001', ['2000000001']],
    ['+1,200', ['+1,200']],
    ['−300', ['−300']],
    ['2026/11/24 10:00', ['2026/11/24 10:00']],
    ['手数料 10（金額に含む）', ['10']],
    ['2026年4月の手数料 2.5%', ['2026年4月', '2.5%']],
    ['合計 1,234,567円（12件）', ['1,234,567円', '12件']],
    ['2026-11-24 から 2026-11-30', ['2026-11-24', '2026-11-30']],
  ])('keeps every value of %s on one line', (text, values) => {
    const markup = html(<p>{keepValuesWhole(text)}</p>);
    expect(wholeValues(markup)).toEqual(values);
    // The words around the values are still there, free to wrap.
    expect(textOf(markup)).toBe(text);
  });

  it('leaves a text without values, and any other node, as it is', () => {
    expect(keepValuesWhole('めぶくカフェ 駅前店')).toBe('めぶくカフェ 駅前店');
    const node = <b>1,200</b>;
    expect(keepValuesWhole(node)).toBe(node);
    expect(keepValuesWhole(null)).toBeNull();
  });

  it('keeps a number whole', () => {
    expect(wholeValues(html(<p>{keepValuesWhole(4812)}</p>))).toEqual(['4812']);
  });

  it('keeps a list amount and its coin whole', () => {
    expect(wholeValues(html(<CoinAmount amount={1200} coin="めぶくコイン" />))).toEqual(['1,200']);
  });
});

describe('FactsTable', () => {
  const rows = [
    ['ウォレット番号', '2000000001'],
    ['日時', '2026/11/24 10:00'],
    ['取引後の残高（めぶくコイン）', '151,290'],
    ['コメント', 'お客様からのご依頼により返金します'],
  ] as const;

  it('shows wallet numbers, amounts and dates whole, and free text free to wrap', () => {
    const markup = html(<FactsTable rows={rows} aria-label="確認" />);
    expect(wholeValues(markup)).toEqual(['2000000001', '2026/11/24 10:00', '151,290']);
    expect(textOf(markup)).toContain('コメント お客様からのご依頼により返金します');
    expect(markup).not.toContain('anywhere');
  });

  it('stays a named table of row headers and cells, the label width given to its stylesheet', () => {
    const markup = html(<FactsTable rows={rows} labelWidth={180} aria-label="確認" />);
    expect(markup).toMatch(/<table[^>]*role="table"[^>]*aria-label="確認"/);
    expect(markup).toMatch(/style="[^"]*--facts-label-width:\s*calc\(11\.25rem/);
    const headers = [...markup.matchAll(/<th[^>]*role="rowheader"[^>]*scope="row"[^>]*>([^<]*)<\/th>/g)].map(
      ([, label]) => label,
    );
    expect(headers).toEqual(rows.map(([label]) => label));
    expect(markup.match(/<td[^>]*role="cell"/g)).toHaveLength(rows.length);
  });

  it('marks a long label, which goes above its value on a phone', () => {
    const markup = html(<FactsTable rows={rows} aria-label="確認" />);
    const marked = [...markup.matchAll(/<tr[^>]*data-long-label="true"[^>]*><th[^>]*>([^<]*)</g)].map(
      ([, label]) => label,
    );
    expect(marked).toEqual(rows.map(([label]) => label).filter((label) => label.length > LONG_LABEL));
    expect(marked).toEqual(['取引後の残高（めぶくコイン）']);
  });

  it('gives the value the room on a phone: labels up to 35%, a long label above its value', () => {
    const css = readFileSync(new URL('./FactsTable.module.css', import.meta.url), 'utf8');
    expect(css).toMatch(/\.container \{\s*container: facts \/ inline-size;/);
    const phone = css.slice(css.indexOf('@container facts'));
    expect(phone).toMatch(/@container facts \(max-width: 29\.99em\)/);
    expect(phone).toMatch(/grid-template-columns: fit-content\(35%\) minmax\(0, 1fr\);/);
    expect(phone).toMatch(
      /\.row\[data-long-label\] > \.label,\s*\.container \.row\[data-long-label\] > \.value \{\s*grid-column: 1 \/ -1;/,
    );
    // Desktop keeps its fixed label column.
    expect(css.slice(0, css.indexOf('@container facts'))).toMatch(/\.label \{\s*width: var\(--facts-label-width\);/);
    expect(classes.label).toBeDefined();
  });

  it('is what the confirm step of a reload shows: the wallet number in one piece', () => {
    const markup = renderHtml(
      <ConfirmPanel
        title="チャージ内容の確認"
        rows={[
          ['お客様のウォレット番号', '2000000001'],
          ['チャージ額', '5,000'],
        ]}
        request={{ isPending: false, isError: false, error: null }}
        failedTitle="失敗しました"
        submitLabel="チャージする"
        onBack={() => {}}
        onSubmit={() => {}}
      />,
    );
    expect(wholeValues(markup)).toEqual(['2000000001', '5,000']);
  });
});
