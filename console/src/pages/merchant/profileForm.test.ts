import {
  MERCHANT_BUSINESS_HOURS_MAX,
  MERCHANT_DESCRIPTION_MAX,
  MERCHANT_NAME_MAX,
  type MerchantProfile,
} from '@coin/contract';
import { describe, expect, it } from 'vitest';
import { caretAfterRewrite } from '@/components/typedNumber';
import {
  checkProfileForm,
  formatAddress,
  formatPostalCode,
  isPostalSeparator,
  isProfileChanged,
  phoneTyping,
  postalCodeDigits,
  postalCodeTyping,
  profileBody,
  profileFieldOf,
  profileFormValues,
  registrationNumberTyping,
} from './profileForm';

const profile: MerchantProfile = {
  merchant_id: 1,
  name: 'めぶくカフェ 本店',
  description: '前橋の駅前にあるカフェです。',
  postal_code: '3710023',
  prefecture: '群馬県',
  city: '前橋市',
  street: '本町2-12-1',
  phone: '027-123-4567',
  business_hours: '平日 10:00〜19:00\n土日祝 10:00〜17:00',
  invoice_registration_no: '',
  status: 'OPEN',
  thumbnail_url: null,
  image_url: null,
  tags: [],
  updated_at: '2026-04-01T01:00:00.000Z',
};

describe('postal code as typed', () => {
  it.each([
    ['3710023', '371-0023'],
    ['371-0023', '371-0023'],
    ['３７１－００２３', '371-0023'],
    ['３７１ー００２３', '371-0023'],
    ['〒371 0023', '371-0023'],
    ['371', '371'],
    ['3710', '371-0'],
    ['', ''],
    ['37a', '37a'],
  ])('%s → %s', (typed, shown) => {
    expect(postalCodeTyping(typed)).toBe(shown);
  });

  it('sends seven digits, and shows a stored code with 〒', () => {
    expect(postalCodeDigits('371-0023')).toBe('3710023');
    expect(postalCodeDigits('３７１－００２３')).toBe('3710023');
    expect(formatPostalCode('3710023')).toBe('〒371-0023');
    expect(formatPostalCode('')).toBe('');
  });

  it('keeps the caret among the digits when the hyphen is added', () => {
    // 「371」 and then 「0」 typed at the end: the caret follows the 0.
    expect(caretAfterRewrite('3710', 4, postalCodeTyping('3710'), isPostalSeparator)).toBe(5);
  });
});

describe('the address on one line', () => {
  it('writes the postal code with 〒, then the place', () => {
    const values = profileFormValues(profile);
    expect(formatAddress(values)).toBe('〒371-0023 群馬県前橋市本町2-12-1');
    expect(formatAddress({ ...values, postalCode: '' })).toBe('群馬県前橋市本町2-12-1');
    expect(formatAddress({ ...values, postalCode: '371-00' })).toBe('群馬県前橋市本町2-12-1');
    expect(formatAddress({ postalCode: '', prefecture: '', city: ' ', street: '' })).toBe('');
  });
});

describe('phone as typed', () => {
  it.each([
    ['０２７－１２３－４５６７', '027-123-4567'],
    ['027 123 4567', '0271234567'],
    ['09012345678', '09012345678'],
  ])('%s → %s', (typed, shown) => {
    expect(phoneTyping(typed)).toBe(shown);
  });
});

describe('the profile form', () => {
  it('shows a profile as typed values and sends them back unchanged', () => {
    const values = profileFormValues(profile);
    expect(values.postalCode).toBe('371-0023');
    expect(profileBody(values)).toEqual({
      name: profile.name,
      description: profile.description,
      postal_code: '3710023',
      prefecture: '群馬県',
      city: '前橋市',
      street: '本町2-12-1',
      phone: '027-123-4567',
      business_hours: profile.business_hours,
      invoice_registration_no: '',
    });
    expect(isProfileChanged(values, profile)).toBe(false);
    expect(checkProfileForm(values)).toEqual({});
  });

  it('refuses a name that hides or reorders characters before sending, as the contract does', () => {
    const values = profileFormValues(profile);
    expect(checkProfileForm({ ...values, name: 'めぶく\u202Eフェカ' })).toEqual({ name: 'unsafe' });
    expect(checkProfileForm({ ...values, name: 'めぶく\u200Bカフェ' })).toEqual({ name: 'unsafe' });
    expect(checkProfileForm({ ...values, name: ' 　' })).toEqual({ name: 'required' });
  });

  it('trims what it sends and sees a respelled value as unchanged', () => {
    const values = { ...profileFormValues(profile), name: '  めぶくカフェ 本店 ', postalCode: '３７１００２３' };
    expect(profileBody(values).name).toBe('めぶくカフェ 本店');
    expect(isProfileChanged(values, profile)).toBe(false);
    expect(isProfileChanged({ ...values, businessHours: '毎日 9:00〜18:00' }, profile)).toBe(true);
  });

  it('accepts empty optional fields', () => {
    const values = {
      ...profileFormValues(profile),
      description: '',
      postalCode: '',
      prefecture: '',
      city: '',
      street: '',
      phone: '',
      businessHours: '',
    };
    expect(checkProfileForm(values)).toEqual({});
    expect(profileBody(values).postal_code).toBe('');
  });

  it('finds what the contract would refuse, at the contract limits', () => {
    const values = profileFormValues(profile);
    expect(checkProfileForm({ ...values, name: '   ' })).toEqual({ name: 'required' });
    expect(checkProfileForm({ ...values, name: 'あ'.repeat(MERCHANT_NAME_MAX) })).toEqual({});
    expect(checkProfileForm({ ...values, name: 'あ'.repeat(MERCHANT_NAME_MAX + 1) })).toEqual({ name: 'tooLong' });
    expect(checkProfileForm({ ...values, description: 'あ'.repeat(MERCHANT_DESCRIPTION_MAX + 1) })).toEqual({
      description: 'tooLong',
    });
    expect(checkProfileForm({ ...values, businessHours: 'x'.repeat(MERCHANT_BUSINESS_HOURS_MAX + 1) })).toEqual({
      businessHours: 'tooLong',
    });
    expect(checkProfileForm({ ...values, postalCode: '371-002' })).toEqual({ postalCode: 'invalid' });
    expect(checkProfileForm({ ...values, prefecture: '群馬' })).toEqual({ prefecture: 'invalid' });
    expect(checkProfileForm({ ...values, phone: '27-123-4567' })).toEqual({ phone: 'invalid' });
    expect(checkProfileForm({ ...values, phone: '027-123-45678' })).toEqual({ phone: 'invalid' });
    expect(checkProfileForm({ ...values, phone: '０９０１２３４５６７８' })).toEqual({});
  });

  it('checks the invoice registration number as the contract does: T, 13 digits, the check digit', () => {
    const values = profileFormValues(profile);
    const check = (invoiceRegistrationNo: string) => checkProfileForm({ ...values, invoiceRegistrationNo });
    expect(check('')).toEqual({});
    expect(check('T9234567890123')).toEqual({});
    expect(check('T7123456789012')).toEqual({});
    // The right shape, a wrong first digit.
    expect(check('T1234567890123')).toEqual({ invoiceRegistrationNo: 'checkDigit' });
    expect(check('9234567890123')).toEqual({ invoiceRegistrationNo: 'invalid' });
    expect(check('T923456789012')).toEqual({ invoiceRegistrationNo: 'invalid' });
    expect(check('T92345678901234')).toEqual({ invoiceRegistrationNo: 'invalid' });
    expect(check('T92345678901X3')).toEqual({ invoiceRegistrationNo: 'invalid' });
    expect(
      profileBody({ ...values, invoiceRegistrationNo: ' ｔ９２３４－５６７８－９０１２３ ' }).invoice_registration_no,
    ).toBe('T9234567890123');
    expect(isProfileChanged({ ...values, invoiceRegistrationNo: 'T9234567890123' }, profile)).toBe(true);
    expect(profileFieldOf('invoice_registration_no')).toBe('invoiceRegistrationNo');
  });

  it.each([
    ['ｔ１２３', 'T123'],
    ['T 9234 5678 9012 3', 'T9234567890123'],
    ['t9234-5678-9012-3', 'T9234567890123'],
    ['Ｔ９２３４ー５６７８', 'T92345678'],
  ])('registration number typed %s shows %s', (typed, shown) => {
    expect(registrationNumberTyping(typed)).toBe(shown);
  });

  it('names the form field of a 400 answer', () => {
    expect(profileFieldOf('postal_code')).toBe('postalCode');
    expect(profileFieldOf('business_hours')).toBe('businessHours');
    expect(profileFieldOf('phone')).toBe('phone');
    expect(profileFieldOf('toString')).toBeUndefined();
    expect(profileFieldOf('status')).toBeUndefined();
  });
});
