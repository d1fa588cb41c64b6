import {
  REBATE_RATE_MAX_BP,
  REBATE_RATE_STEP_BP,
  type RebateCoinSettings,
  updateRebateCoinBodySchema,
} from '@coin/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/errors';
import {
  checkRebate,
  isAllowedRate,
  percentText,
  rateBasisPoints,
  rateTyping,
  rebateRefusal,
  rebateValuesOf,
} from './rebateForm';

const texts = { rateInvalid: 'RATE_INVALID', invalidRequest: 'INVALID_REQUEST' };
const limits: Pick<RebateCoinSettings, 'max_rate_bp' | 'step_bp'> = {
  max_rate_bp: REBATE_RATE_MAX_BP,
  step_bp: REBATE_RATE_STEP_BP,
};
const check = (coinId: string, rate: string) => checkRebate({ coinId, rate }, updateRebateCoinBodySchema, texts);

describe('the rate as typed', () => {
  it.each([
    ['１．５', '1.5'],
    ['1.5%', '1.5'],
    ['２％', '2'],
    [' 0.3 ', '0.3'],
    ['1,5', '1,5'],
  ])('%s shows as %s', (typed, shown) => {
    expect(rateTyping(typed)).toBe(shown);
  });

  it.each([
    ['1.5', 150],
    ['１．５', 150],
    ['10', 1000],
    ['0.1', 10],
    ['1.1', 110],
    ['0.05', 5],
    ['1.234', 123.4],
    ['0', 0],
  ])('%s%% is %s basis points', (typed, bp) => {
    expect(rateBasisPoints(typed)).toBe(bp);
  });

  it('is null when empty and NaN when it is not a number', () => {
    expect(rateBasisPoints('')).toBeNull();
    expect(rateBasisPoints('abc')).toBeNaN();
    expect(rateBasisPoints('1..5')).toBeNaN();
  });

  it('starts from the saved settings', () => {
    expect(rebateValuesOf({ ...limits, coin_id: 2, rate_bp: 150, coins: [] })).toEqual({ coinId: '2', rate: '1.5' });
    expect(rebateValuesOf({ ...limits, coin_id: null, rate_bp: 0, coins: [] })).toEqual({ coinId: '', rate: '0' });
    expect(percentText(1000)).toBe('10');
  });

  it('allows whole steps from 0 to the maximum the server sends', () => {
    expect(isAllowedRate(150, limits)).toBe(true);
    expect(isAllowedRate(REBATE_RATE_MAX_BP, limits)).toBe(true);
    expect(isAllowedRate(REBATE_RATE_MAX_BP + REBATE_RATE_STEP_BP, limits)).toBe(false);
    expect(isAllowedRate(155, limits)).toBe(false);
    expect(isAllowedRate(123.4, limits)).toBe(false);
    expect(isAllowedRate(null, limits)).toBe(false);
  });
});

describe('checkRebate', () => {
  it('sends the coin and the rate in basis points', () => {
    expect(check('1', '1.5')).toEqual({ ok: true, body: { coin_id: 1, rate_bp: 150 } });
  });

  it('sends no rebate with rate 0, whatever the rate field held', () => {
    expect(check('', '3')).toEqual({ ok: true, body: { coin_id: null, rate_bp: 0 } });
  });

  it("refuses with the contract's messages (the server's own)", () => {
    expect(check('1', '')).toEqual({ ok: false, problems: { rate: '還元率を入力してください' } });
    expect(check('1', '1.25')).toEqual({ ok: false, problems: { rate: '還元率は0.1%単位で入力してください' } });
    expect(check('1', '1.234')).toEqual({ ok: false, problems: { rate: '還元率は0.1%単位で入力してください' } });
    expect(check('1', '10.1')).toEqual({ ok: false, problems: { rate: '還元率は10%以下で入力してください' } });
    expect(check('1', '0')).toMatchObject({ ok: false, problems: { rate: expect.stringContaining('還元しない') } });
  });

  it('says a rate that is not a number is not one', () => {
    expect(check('1', 'いち')).toEqual({ ok: false, problems: { rate: 'RATE_INVALID' } });
  });
});

describe('rebateRefusal', () => {
  it('puts a 400 on the field it names, with its message', () => {
    const error = new ApiError(400, {
      type: 'invalid_request',
      message: '還元率は10%以下で入力してください',
      field: 'rate_bp',
    });
    expect(rebateRefusal(error, texts)).toEqual({ rate: '還元率は10%以下で入力してください' });
    const coin = new ApiError(400, { type: 'invalid_request', message: 'このコインは選べません', field: 'coin_id' });
    expect(rebateRefusal(coin, texts)).toEqual({ coinId: 'このコインは選べません' });
  });

  it('leaves other failures to the form (a 400 without a field, a 500, a network error)', () => {
    expect(rebateRefusal(new ApiError(400, { type: 'invalid_request', message: 'x' }), texts)).toBeNull();
    expect(rebateRefusal(new ApiError(500, { type: 'internal', message: '', field: 'rate_bp' }), texts)).toBeNull();
    expect(rebateRefusal(new Error('offline'), texts)).toBeNull();
  });
});
