import { MAX_PAYMENT_AMOUNT, URL_PAYMENT_DESCRIPTION_MAX } from '@coin/contract';
import { describe, expect, it } from 'vitest';
import { canStopLink, checkLinkForm, defaultExpiry, descriptionProblem, expiryBounds, expiryProblem } from './linkForm';

// 2025-04-30 16:00 UTC is 2025-05-01 01:00 in Tokyo.
const NOW = new Date('2025-04-30T16:00:00Z');

describe('descriptionProblem', () => {
  it('needs text, counted after trimming, up to the maximum', () => {
    expect(descriptionProblem('   ')).toBe('required');
    expect(descriptionProblem(` ${'あ'.repeat(URL_PAYMENT_DESCRIPTION_MAX)} `)).toBeNull();
    expect(descriptionProblem('あ'.repeat(URL_PAYMENT_DESCRIPTION_MAX + 1))).toBe('tooLong');
  });
});

describe('expiry', () => {
  it('defaults to 30 Tokyo days ahead and allows today up to a year ahead', () => {
    expect(defaultExpiry(NOW)).toBe('2025-05-31');
    expect(expiryBounds(NOW)).toEqual({ min: '2025-05-01', max: '2026-05-01' });
  });

  it.each([
    [null, 'required'],
    ['', 'required'],
    ['2025-02-30', 'invalid'],
    ['2025/05/02', 'invalid'],
    ['2025-04-30', 'past'],
    ['2025-05-01', null],
    ['2026-05-01', null],
    ['2026-05-02', 'tooFar'],
  ] as const)('%j → %j', (day, expected) => {
    expect(expiryProblem(day, NOW)).toBe(expected);
  });
});

describe('checkLinkForm', () => {
  const valid = { coinId: '2', amount: '１，５００', description: '  春のセール  ', expiresOn: '2025-05-31' };

  it('builds the create body from valid input', () => {
    expect(checkLinkForm(valid, NOW)).toEqual({
      body: { coin_id: 2, amount: 1500, description: '春のセール', expires_on: '2025-05-31' },
    });
  });

  it('names every field with a problem', () => {
    expect(checkLinkForm({ coinId: '', amount: '0', description: '', expiresOn: '2025-04-01' }, NOW)).toEqual({
      problems: { coinId: 'required', amount: 'positive', description: 'required', expiresOn: 'past' },
    });
    expect(checkLinkForm({ ...valid, amount: '' }, NOW)).toEqual({ problems: { amount: 'required' } });
  });

  it.each([
    ['1.5', { problems: { amount: 'invalid' } }],
    [String(MAX_PAYMENT_AMOUNT + 1), { problems: { amount: 'max' } }],
    [MAX_PAYMENT_AMOUNT.toLocaleString('ja-JP'), { body: expect.objectContaining({ amount: MAX_PAYMENT_AMOUNT }) }],
    ['１，０００', { body: expect.objectContaining({ amount: 1000 }) }],
  ])('checks the amount %j against the largest payment', (amount, expected) => {
    expect(checkLinkForm({ ...valid, amount }, NOW)).toEqual(expected);
  });
});

describe('canStopLink', () => {
  it('stops only an active link', () => {
    expect(canStopLink({ status: 'ACTIVE' })).toBe(true);
    expect(canStopLink({ status: 'EXPIRED' })).toBe(false);
    expect(canStopLink({ status: 'STOPPED' })).toBe(false);
  });
});
