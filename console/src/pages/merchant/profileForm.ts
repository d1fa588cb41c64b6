import {
  isRegistrationNumber,
  MERCHANT_BUSINESS_HOURS_MAX,
  MERCHANT_CITY_MAX,
  MERCHANT_DESCRIPTION_MAX,
  MERCHANT_NAME_MAX,
  MERCHANT_STREET_MAX,
  type MerchantProfile,
  PREFECTURES,
  type UpdateMerchantBody,
  unsafeNameChar,
} from '@coin/contract';
import { halfWidthDigits } from '@/components/typedNumber';

/* The profile form: what the fields hold as typed, the checks before sending, the body sent. */

export interface ProfileFormValues {
  name: string;
  description: string;
  /** As shown: 「371-0023」. */
  postalCode: string;
  prefecture: string;
  city: string;
  street: string;
  phone: string;
  businessHours: string;
  /** The merchant's own invoice registration number (適格請求書発行事業者 登録番号): 「T1234567890123」 or empty. */
  invoiceRegistrationNo: string;
}

export type ProfileField = keyof ProfileFormValues;
/** `checkDigit`: a registration number of the right shape whose check digit does not match. */
export type ProfileProblem = 'required' | 'tooLong' | 'invalid' | 'unsafe' | 'checkDigit';
export type ProfileFormProblems = Partial<Record<ProfileField, ProfileProblem>>;

/** The fields in the order the form shows them (the first with a problem takes the focus). */
export const PROFILE_FIELDS = [
  'name',
  'description',
  'postalCode',
  'prefecture',
  'city',
  'street',
  'phone',
  'businessHours',
  'invoiceRegistrationNo',
] as const satisfies readonly ProfileField[];

/** The longest text each free-text field takes (the contract's limits). */
export const PROFILE_TEXT_MAX = {
  name: MERCHANT_NAME_MAX,
  description: MERCHANT_DESCRIPTION_MAX,
  city: MERCHANT_CITY_MAX,
  street: MERCHANT_STREET_MAX,
  businessHours: MERCHANT_BUSINESS_HOURS_MAX,
} as const satisfies Partial<Record<ProfileField, number>>;

/** The request's field names (a 400 answer's `field`) and the form's. */
const BODY_FIELDS: Record<keyof UpdateMerchantBody, ProfileField> = {
  name: 'name',
  description: 'description',
  postal_code: 'postalCode',
  prefecture: 'prefecture',
  city: 'city',
  street: 'street',
  phone: 'phone',
  business_hours: 'businessHours',
  invoice_registration_no: 'invoiceRegistrationNo',
};

export const profileFieldOf = (bodyField: string): ProfileField | undefined =>
  Object.hasOwn(BODY_FIELDS, bodyField) ? BODY_FIELDS[bodyField as keyof UpdateMerchantBody] : undefined;

/** Dashes an IME or a copied address may give for the hyphen (full-width, katakana long mark, minus…). */
const DASHES = /[－ー―‐−–—]/g;
const BLANKS = /[\s\u3000]/g;

/** Characters the postal code's rewrite adds or drops (the caret keeps its place among the digits). */
export const isPostalSeparator = (char: string): boolean => /^[-〒\s\u3000－ー―‐−–—]$/.test(char);

/**
 * What the postal code field shows after a keystroke: 「３７１００２３」, 「〒371ー0023」 and 「3710023」
 * all become 「371-0023」. Text with other characters stays (half-width) so the check can say so.
 */
export function postalCodeTyping(typed: string): string {
  const text = halfWidthDigits(typed).replace(DASHES, '-').replace(BLANKS, '').replaceAll('〒', '');
  const digits = text.replaceAll('-', '');
  if (!/^\d*$/.test(digits)) return text;
  return digits.length > 3 ? `${digits.slice(0, 3)}-${digits.slice(3)}` : digits;
}

/** The seven digits the server takes (or the text as typed, without hyphens, when it is not digits). */
export const postalCodeDigits = (shown: string): string => postalCodeTyping(shown).replaceAll('-', '');

/** A stored postal code (seven digits) as it is written: 「〒371-0023」; empty stays empty. */
export const formatPostalCode = (digits: string): string =>
  /^\d{7}$/.test(digits) ? `〒${digits.slice(0, 3)}-${digits.slice(3)}` : digits;

/** The address on one line as the app writes it: 「〒371-0023 群馬県前橋市本町2-12-1」 (empty when none is given). */
export function formatAddress(
  values: Pick<ProfileFormValues, 'postalCode' | 'prefecture' | 'city' | 'street'>,
): string {
  const postal = formatPostalCode(postalCodeDigits(values.postalCode));
  const place = `${values.prefecture}${values.city.trim()}${values.street.trim()}`;
  return [postal.startsWith('〒') ? postal : '', place].filter(Boolean).join(' ');
}

/** Characters the phone number's rewrite changes or drops. */
export const isPhoneSeparator = (char: string): boolean => /^[-\s\u3000－ー―‐−–—]$/.test(char);

/** What the phone field shows after a keystroke: full-width digits and dashes become half-width, spaces go. */
export const phoneTyping = (typed: string): string => halfWidthDigits(typed).replace(DASHES, '-').replace(BLANKS, '');

/** The contract's rule: starts with 0, 10 or 11 digits, hyphens only between groups. */
const isPhone = (phone: string): boolean =>
  /^0\d{1,4}-?\d{1,4}-?\d{3,4}$/.test(phone) && /^\d{10,11}$/.test(phone.replaceAll('-', ''));

/** Characters the registration number's rewrite drops (spaces and hyphens a copied number may have). */
export const isRegistrationSeparator = (char: string): boolean => /^[-\s\u3000－ー―‐−–—]$/.test(char);

/**
 * What the registration number field shows after a keystroke: full-width letters and digits become
 * half-width, a lower-case t upper-case (the contract's NFKC rewrite), spaces and hyphens go:
 * 「ｔ１２３４－５６７８…」 becomes 「T12345678…」.
 */
export const registrationNumberTyping = (typed: string): string =>
  typed.normalize('NFKC').toUpperCase().replace(DASHES, '').replace(/[-\s]/g, '');

export function profileFormValues(profile: MerchantProfile): ProfileFormValues {
  return {
    name: profile.name,
    description: profile.description,
    postalCode: postalCodeTyping(profile.postal_code),
    prefecture: profile.prefecture,
    city: profile.city,
    street: profile.street,
    phone: profile.phone,
    businessHours: profile.business_hours,
    invoiceRegistrationNo: profile.invoice_registration_no,
  };
}

/** The body of PATCH /merchants/{id}: every field, trimmed; the postal code as seven digits. */
export function profileBody(values: ProfileFormValues): UpdateMerchantBody {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    postal_code: postalCodeDigits(values.postalCode),
    // One of the list or empty (checkProfileForm says so before sending; the server checks again).
    prefecture: values.prefecture as UpdateMerchantBody['prefecture'],
    city: values.city.trim(),
    street: values.street.trim(),
    phone: phoneTyping(values.phone),
    business_hours: values.businessHours.trim(),
    invoice_registration_no: registrationNumberTyping(values.invoiceRegistrationNo),
  };
}

/** Whether the form differs from the saved profile (what would be sent, not how it is spelled). */
export const isProfileChanged = (values: ProfileFormValues, profile: MerchantProfile): boolean => {
  const sent = profileBody(values);
  const saved = profileBody(profileFormValues(profile));
  return (Object.keys(sent) as (keyof UpdateMerchantBody)[]).some((key) => sent[key] !== saved[key]);
};

/** The checks of the contract's body schema, before anything is sent; the server checks again. */
export function checkProfileForm(values: ProfileFormValues): ProfileFormProblems {
  const body = profileBody(values);
  const problems: ProfileFormProblems = {};
  if (body.name === '') problems.name = 'required';
  for (const field of Object.keys(PROFILE_TEXT_MAX) as (keyof typeof PROFILE_TEXT_MAX)[]) {
    if (values[field].trim().length > PROFILE_TEXT_MAX[field]) problems[field] = 'tooLong';
  }
  if (unsafeNameChar(body.name)) problems.name = 'unsafe';
  if (body.postal_code !== '' && !/^\d{7}$/.test(body.postal_code)) problems.postalCode = 'invalid';
  if (body.prefecture !== '' && !(PREFECTURES as readonly string[]).includes(body.prefecture)) {
    problems.prefecture = 'invalid';
  }
  if (body.phone !== '' && !isPhone(body.phone)) problems.phone = 'invalid';
  const registration = body.invoice_registration_no ?? '';
  if (registration !== '' && !/^T\d{13}$/.test(registration)) problems.invoiceRegistrationNo = 'invalid';
  else if (registration !== '' && !isRegistrationNumber(registration)) problems.invoiceRegistrationNo = 'checkDigit';
  return problems;
}
