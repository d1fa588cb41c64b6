// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CoinAmount } from './CoinAmount';
import { FactsTable, LONG_LABEL } from './FactsTable';
import classes from './FactsTable.module.css';
import { mount } from './formTesting';
import { ConfirmPanel } from './MoneyStepPanels';
import { keepValuesWhole } from './Value';

/**
 * The texts kept whole on the page, in order: how a text wraps is a look, not something read, so the
 * values' elements are found by their mark and their style.
 */
const wholeValues = (within: HTMLElement = document.body) =>
  [...within.querySelectorAll<HTMLElement>('span[data-value]')]
    .filter((value) => value.style.whiteSpace === 'nowrap')
    .map((value) => value.textContent);

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
  ])('keeps every value of %s on one line', async (text, values) => {
    await mount(<p>{keepValuesWhole(text)}</p>);
    expect(wholeValues()).toEqual(values);
    // The words around the values are still there, free to wrap.
    expect(screen.getByRole('paragraph').textContent).toBe(text);
  });

  it('leaves a text without values, and any other node, as it is', () => {
    expect(keepValuesWhole('めぶくカフェ 駅前店')).toBe('めぶくカフェ 駅前店');
    const node = <b>1,200</b>;
    expect(keepValuesWhole(node)).toBe(node);
    expect(keepValuesWhole(null)).toBeNull();
  });

  it('keeps a number whole', async () => {
    await mount(<p>{keepValuesWhole(4812)}</p>);
    expect(wholeValues()).toEqual(['4812']);
  });

  it('keeps a list amount and its coin whole', async () => {
    await mount(<CoinAmount amount={1200} coin="めぶくコイン" />);
    expect(wholeValues()).toEqual(['1,200']);
  });
});

describe('FactsTable', () => {
  const rows = [
    ['ウォレット番号', '2000000001'],
    ['日時', '2026/11/24 10:00'],
    ['取引後の残高（めぶくコイン）', '151,290'],
    ['コメント', 'お客様からのご依頼により返金します'],
  ] as const;

  it('shows wallet numbers, amounts and dates whole, and free text free to wrap', async () => {
    await mount(<FactsTable rows={rows} aria-label="確認" />);
    const table = screen.getByRole('table', { name: '確認' });
    expect(wholeValues(table)).toEqual(['2000000001', '2026/11/24 10:00', '151,290']);
    const comment = within(table).getByRole('cell', { name: 'お客様からのご依頼により返金します' });
    expect(wholeValues(comment)).toEqual([]);
    expect(table.outerHTML).not.toContain('anywhere');
  });

  it('stays a named table of row headers and cells, the label width given to its stylesheet', async () => {
    await mount(<FactsTable rows={rows} labelWidth={180} aria-label="確認" />);
    const table = screen.getByRole('table', { name: '確認' });
    expect(table.style.getPropertyValue('--facts-label-width')).toMatch(/^calc\(11\.25rem/);
    const headers = within(table).getAllByRole('rowheader');
    expect(headers.map((header) => header.textContent)).toEqual(rows.map(([label]) => label));
    for (const header of headers) expect(header.getAttribute('scope')).toBe('row');
    expect(within(table).getAllByRole('cell')).toHaveLength(rows.length);
  });

  it('marks a long label, which goes above its value on a phone', async () => {
    await mount(<FactsTable rows={rows} aria-label="確認" />);
    // The mark is for the stylesheet: read from the row.
    const marked = screen
      .getAllByRole('row')
      .filter((row) => row.getAttribute('data-long-label') === 'true')
      .map((row) => within(row).getByRole('rowheader').textContent);
    expect(marked).toEqual(rows.map(([label]) => label).filter((label) => label.length > LONG_LABEL));
    expect(marked).toEqual(['取引後の残高（めぶくコイン）']);
  });

  it('gives the value the room on a phone: labels up to 35%, a long label above its value', () => {
    const css = readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'FactsTable.module.css'), 'utf8');
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

  it('is what the confirm step of a reload shows: the wallet number in one piece', async () => {
    await mount(
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
    expect(wholeValues(screen.getByRole('table'))).toEqual(['2000000001', '5,000']);
  });
});
