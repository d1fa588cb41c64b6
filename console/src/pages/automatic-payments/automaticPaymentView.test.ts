import { AUTOMATIC_PAYMENT_RESULTS } from '@coin/contract';
import { describe, expect, it } from 'vitest';
import { jpPages } from '@/i18n/jpPages';
import {
  AUTOMATIC_PAYMENT_RESULT_COLORS,
  automaticPaymentResultKey,
  automaticPaymentsQueryOf,
  chargeTransactionSearch,
} from './automaticPaymentView';

/** The catalogue's text at a dotted key, or undefined. */
const textAt = (key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], jpPages);

describe('automatic payment labels', () => {
  it.each([
    ['SUCCEEDED', '成功'],
    ['FAILED', '失敗'],
    ['RETRY_SCHEDULED', '再試行予定'],
  ] as const)('labels the result %s as %s', (result, label) => {
    expect(textAt(automaticPaymentResultKey(result))).toBe(label);
  });

  it('has a label and a colour for every result of the contract', () => {
    for (const result of AUTOMATIC_PAYMENT_RESULTS) {
      expect(typeof textAt(automaticPaymentResultKey(result)), result).toBe('string');
      expect(AUTOMATIC_PAYMENT_RESULT_COLORS[result], result).toBeTruthy();
    }
  });
});

describe('automaticPaymentsQueryOf', () => {
  it('asks for the period, the page and the result when one is chosen', () => {
    expect(automaticPaymentsQueryOf({ from: '2026-10-01', to: '2026-11-30', page: 2 }, 'FAILED')).toEqual({
      start_date: '2026-10-01',
      end_date: '2026-11-30',
      result: 'FAILED',
      limit: 20,
      offset: 2,
    });
  });

  it('leaves the result out when every result is shown', () => {
    expect(automaticPaymentsQueryOf({ from: '2026-11-01', to: '2026-11-30', page: 1 }, undefined)).not.toHaveProperty(
      'result',
    );
  });
});

describe('chargeTransactionSearch', () => {
  it('finds a successful charge by its id on the Tokyo day it was processed', () => {
    // 2026-11-30T16:10Z is 2026-12-01 01:10 in Tokyo.
    expect(
      chargeTransactionSearch({ result: 'SUCCEEDED', transaction_id: 4321, processed_at: '2026-11-30T16:10:00Z' }),
    ).toEqual({ from: '2026-12-01', to: '2026-12-01', id: '4321' });
  });

  it('links nothing for a charge that did not go through', () => {
    expect(
      chargeTransactionSearch({ result: 'FAILED', transaction_id: null, processed_at: '2026-11-30T01:00:00Z' }),
    ).toBeNull();
    expect(
      chargeTransactionSearch({
        result: 'RETRY_SCHEDULED',
        transaction_id: null,
        processed_at: '2026-11-30T01:00:00Z',
      }),
    ).toBeNull();
  });

  it('links nothing when a success has no transaction', () => {
    expect(
      chargeTransactionSearch({ result: 'SUCCEEDED', transaction_id: null, processed_at: '2026-11-30T01:00:00Z' }),
    ).toBeNull();
  });
});
