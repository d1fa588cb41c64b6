import { BANK_HOLDER_NAME_MAX, ZENGIN_NAME_MESSAGES } from '@coin/contract';
import { describe, expect, it } from 'vitest';
import {
  type HolderNameEvent,
  type HolderNameState,
  holderNameLength,
  holderNameProblem,
  holderNameStep,
} from './holderName';

const EMPTY: HolderNameState = { value: '', composing: false, caret: null };
/** The input's state after a run of events, as the component feeds them. */
const run = (events: HolderNameEvent[], from: HolderNameState = EMPTY) => events.reduce(holderNameStep, from);
const typed = (value: string, isComposing = false): HolderNameEvent => ({
  type: 'input',
  value,
  caret: value.length,
  isComposing,
});

describe('typing outside an IME composition', () => {
  it.each([
    ['ヤマダ　タロウ', 'ﾔﾏﾀﾞ ﾀﾛｳ'],
    ['やまだ たろう', 'ﾔﾏﾀﾞ ﾀﾛｳ'],
    ['カ）メブクショウテン', 'ｶ)ﾒﾌﾞｸｼﾖｳﾃﾝ'],
    ['ｶ)ﾒﾌﾞｸ', 'ｶ)ﾒﾌﾞｸ'],
    ['ＡＢＣ　ｓｈｏｐ', 'ABC SHOP'],
    ['ジョー', 'ｼﾞﾖ-'],
  ])('%s shows as %s', (input, shown) => {
    expect(run([typed(input)]).value).toBe(shown);
  });

  it('keeps the caret after the character typed when a voiced kana becomes two', () => {
    // ガ typed between ﾔﾏ and ﾀ (a paste, or an IME that commits without composition events).
    const state = holderNameStep(
      { value: 'ﾔﾏﾀ', composing: false, caret: null },
      { type: 'input', value: 'ﾔﾏガﾀ', caret: 3, isComposing: false },
    );
    expect(state).toEqual({ value: 'ﾔﾏｶﾞﾀ', composing: false, caret: 4 });
  });
});

describe('typing through an IME', () => {
  it('leaves the composition alone and converts it once it is committed', () => {
    const steps: HolderNameEvent[] = [
      { type: 'compositionstart' },
      typed('y', true),
      typed('や', true),
      typed('やまd', true),
      typed('やまだ', true),
    ];
    const composing = run(steps);
    expect(composing).toEqual({ value: 'やまだ', composing: true, caret: null });

    const committed = holderNameStep(composing, { type: 'compositionend', value: 'やまだ', caret: 3 });
    expect(committed).toEqual({ value: 'ﾔﾏﾀﾞ', composing: false, caret: 4 });
  });

  it('does not convert an input the browser sends without isComposing while the composition lasts', () => {
    const state = run([{ type: 'compositionstart' }, typed('ﾔﾏﾀﾞ た', false)], { ...EMPTY, value: 'ﾔﾏﾀﾞ ' });
    expect(state.value).toBe('ﾔﾏﾀﾞ た');
    expect(state.composing).toBe(true);
  });

  it('converts a later composition after the text converted before it', () => {
    const first = run([
      { type: 'compositionstart' },
      typed('やまだ', true),
      { type: 'compositionend', value: 'やまだ', caret: 3 },
    ]);
    const second = run(
      [
        typed(`${first.value} `),
        { type: 'compositionstart' },
        typed(`${first.value} たろう`, true),
        { type: 'compositionend', value: `${first.value} たろう`, caret: 8 },
      ],
      first,
    );
    expect(second.value).toBe('ﾔﾏﾀﾞ ﾀﾛｳ');
  });

  it('keeps kanji committed by the IME, for the check to name them', () => {
    const state = run([
      { type: 'compositionstart' },
      typed('山田', true),
      { type: 'compositionend', value: '山田', caret: 2 },
    ]);
    expect(state.value).toBe('山田');
    expect(holderNameProblem(state.value)).toBe(ZENGIN_NAME_MESSAGES.invalid(['山', '田']));
  });

  it('converts on leaving the field, ending a composition the browser did not close', () => {
    const state = run([{ type: 'compositionstart' }, typed('たろう', true), { type: 'blur' }]);
    expect(state).toEqual({ value: 'ﾀﾛｳ', composing: false, caret: null });
  });
});

describe('the name check as typed', () => {
  it('accepts what Zengin carries', () => {
    expect(holderNameProblem('ｶ)ﾒﾌﾞｸ ｼﾖｳﾃﾝ(ABC-1.)')).toBeNull();
    expect(holderNameProblem('')).toBeNull();
  });

  it('names the characters Zengin cannot carry, each once', () => {
    expect(holderNameProblem('ﾔﾏﾀﾞ★ﾀﾛｳ★')).toBe(ZENGIN_NAME_MESSAGES.invalid(['★']));
  });

  it('counts the converted characters against the limit (ｶﾞ is two)', () => {
    const atLimit = 'ｶﾞ'.repeat(BANK_HOLDER_NAME_MAX / 2);
    expect(holderNameLength('ガ'.repeat(BANK_HOLDER_NAME_MAX / 2))).toBe(BANK_HOLDER_NAME_MAX);
    expect(holderNameProblem(atLimit)).toBeNull();
    expect(holderNameProblem(`${atLimit}ｱ`)).toBe(ZENGIN_NAME_MESSAGES.tooLong(BANK_HOLDER_NAME_MAX));
  });
});
