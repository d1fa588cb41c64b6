import * as contract from '@coin/contract';
import { describe, expect, it } from 'vitest';
import { CSV_ENCODINGS, CSV_REPORTS, REFUND_APPLICATION_STATUSES, TRANSACTION_TYPES } from './enums';

describe("the console's copies of the contract's value lists", () => {
  it('match the contract', () => {
    expect(TRANSACTION_TYPES).toEqual(contract.TRANSACTION_TYPES);
    expect(REFUND_APPLICATION_STATUSES).toEqual(contract.REFUND_APPLICATION_STATUSES);
    expect(CSV_REPORTS).toEqual(contract.CSV_REPORTS);
    expect(CSV_ENCODINGS).toEqual(contract.CSV_ENCODINGS);
  });
});
