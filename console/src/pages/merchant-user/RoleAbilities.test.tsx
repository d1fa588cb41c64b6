// @vitest-environment happy-dom

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mount, submitWith } from '@/components/formTesting';
import { RoleAbilitiesCard } from './RoleAbilities';

/** What the table says in the row headed `ability`, by column head. */
function rowOf(table: HTMLElement, ability: string): Record<string, string> {
  const heads = within(table)
    .getAllByRole('columnheader')
    .map((head) => head.textContent ?? '');
  const row = within(table).getByRole('rowheader', { name: ability }).closest('tr');
  if (!row) throw new Error(`no row headed ${ability}`);
  const cells = within(row).getAllByRole('cell');
  return Object.fromEntries(cells.map((cell, index) => [heads[index + 1], cell.textContent ?? '']));
}

describe('RoleAbilitiesCard', () => {
  it('opens a table of role × ability, each mark read as できる / できない', async () => {
    await mount(<RoleAbilitiesCard />);
    const section = screen.getByRole('region', { name: '権限について' });
    const toggle = within(section).getByRole('button', { name: '権限ごとにできることを表示' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(section).queryByRole('table')).toBeNull();

    await submitWith('権限ごとにできることを表示', section);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const table = within(section).getByRole('table', { name: '権限ごとにできること' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((head) => head.textContent),
    ).toEqual(['操作', 'オーナー', 'マネージャー', 'マネージャー（支払不可）', 'メンバー']);
    expect(rowOf(table, '振込先口座の登録・変更')).toEqual({
      オーナー: '✓できる',
      マネージャー: '–できない',
      'マネージャー（支払不可）': '–できない',
      メンバー: '–できない',
    });
    expect(rowOf(table, 'ほかの加盟店への支払い')).toEqual({
      オーナー: '✓できる',
      マネージャー: '✓できる',
      'マネージャー（支払不可）': '–できない',
      メンバー: '–できない',
    });
    expect(Object.values(rowOf(table, '売上・取引履歴の確認'))).toEqual(Array(4).fill('✓できる'));

    await submitWith('権限ごとにできることを閉じる', section);
    expect(within(section).queryByRole('table')).toBeNull();
  });
});
