import { describe, expect, it } from 'vitest';
import { typedPeriod } from './typedPeriod';

const MAY = { from: '2025-05-01', to: '2025-05-31' };
const TODAY = '2025-06-10';

describe('a day typed into the period filter', () => {
  it.each([
    ['2025/5/3', '2025-05-03'],
    ['２０２５／０５／０３', '2025-05-03'],
    ['2025年5月3日', '2025-05-03'],
    ['20250503', '2025-05-03'],
    ['  2025-05-03 ', '2025-05-03'],
  ])('reads %j as the first day %s', (text, from) => {
    expect(typedPeriod(MAY, 'from', text, TODAY)).toEqual({ period: { from, to: '2025-05-31' } });
  });

  it('sets the last day', () => {
    expect(typedPeriod(MAY, 'to', '2025/5/20', TODAY)).toEqual({ period: { from: '2025-05-01', to: '2025-05-20' } });
  });

  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['2025/02/30', 'format'],
    ['5/3', 'format'],
    ['きのう', 'format'],
    ['2025/06/11', 'future'],
  ])('refuses %j (%s)', (text, error) => {
    expect(typedPeriod(MAY, 'to', text, TODAY)).toEqual({ error });
  });

  it('accepts today itself', () => {
    expect(typedPeriod(MAY, 'to', '2025/06/10', TODAY)).toEqual({ period: { from: '2025-05-01', to: '2025-06-10' } });
  });

  it('takes the other end along when the typed day passes it', () => {
    expect(typedPeriod(MAY, 'from', '2025/06/02', TODAY)).toEqual({ period: { from: '2025-06-02', to: '2025-06-02' } });
    expect(typedPeriod(MAY, 'to', '2025/04/20', TODAY)).toEqual({ period: { from: '2025-04-20', to: '2025-04-20' } });
  });
});
