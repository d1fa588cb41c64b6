import type { TwoStepStatus } from '@coin/contract';
import { describe, expect, it } from 'vitest';
import { isLastFactor, mustEnrol, recoveryCodesFile, requiredByNames } from './twoStepView';

const NONE: TwoStepStatus = { totp: null, passkeys: [], recovery_codes_left: 0, enabled: false, required_by: [] };
const passkey = (id: number) => ({ id, name: `キー${id}`, created_at: '2026-12-01T00:00:00Z', last_used_at: null });
const WITH_TOTP: TwoStepStatus = {
  ...NONE,
  totp: { enrolled_at: '2026-12-01T00:00:00Z' },
  recovery_codes_left: 10,
  enabled: true,
};

describe('the two-step page (issue 24)', () => {
  it('says a merchant requires a factor while the user has none', () => {
    const required = { ...NONE, required_by: [{ merchant_id: 1, name: '本店' }] };
    expect(mustEnrol(required, false)).toBe(true);
    expect(mustEnrol(NONE, false)).toBe(false);
    // Refused by a merchant, before the status has come: say it at once.
    expect(mustEnrol(undefined, true)).toBe(true);
    expect(mustEnrol(NONE, true)).toBe(true);
    // Enrolled since: nothing to say.
    expect(mustEnrol({ ...WITH_TOTP, required_by: required.required_by }, true)).toBe(false);
  });

  it('names the merchants that require it in one sentence', () => {
    const status = {
      ...NONE,
      required_by: [
        { merchant_id: 1, name: '本店' },
        { merchant_id: 2, name: '駅前店' },
      ],
    };
    expect(requiredByNames(status, '、')).toBe('本店、駅前店');
    expect(requiredByNames(NONE, '、')).toBeNull();
    expect(requiredByNames(undefined, '、')).toBeNull();
  });

  it('writes the recovery codes one a line after a heading', () => {
    expect(recoveryCodesFile('見出し', ['AAAA-BBBB-CC', 'DDDD-EEEE-FF'])).toBe(
      '見出し\r\n\r\nAAAA-BBBB-CC\r\nDDDD-EEEE-FF\r\n',
    );
  });

  it('knows the factor whose removal turns two-step sign-in off', () => {
    expect(isLastFactor(WITH_TOTP, 'totp')).toBe(true);
    expect(isLastFactor({ ...WITH_TOTP, passkeys: [passkey(1)] }, 'totp')).toBe(false);
    expect(isLastFactor({ ...WITH_TOTP, passkeys: [passkey(1)] }, { passkeyId: 1 })).toBe(false);
    expect(isLastFactor({ ...NONE, enabled: true, passkeys: [passkey(1)] }, { passkeyId: 1 })).toBe(true);
    expect(isLastFactor({ ...NONE, enabled: true, passkeys: [passkey(1), passkey(2)] }, { passkeyId: 1 })).toBe(false);
  });
});
