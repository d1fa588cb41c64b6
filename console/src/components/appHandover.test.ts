import { describe, expect, it } from 'vitest';
import { appUrl } from './appHandover';

describe('app hand-over address', () => {
  it.each([
    ['coinwallet://', 'merchant', '?merchant_id=1', 'coinwallet://merchant?merchant_id=1'],
    ['coinwallet', 'return_gift/tds2', '', 'coinwallet://return_gift/tds2'],
    ['coinwallet://', '', '', 'coinwallet://'],
    ['coinwallet://', 'start', 'a=1', 'coinwallet://start?a=1'],
  ])('%s + %s + %s → %s', (scheme, action, search, expected) => {
    expect(appUrl(scheme, action, search)).toBe(expected);
  });
});
