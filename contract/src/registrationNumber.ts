/*
 * The qualified invoice issuer's registration number (登録番号) and its check, in a module without zod: the
 * console's profile form checks it before sending without loading the schemas (documents.ts builds them).
 */

/**
 * A qualified invoice issuer's registration number: T and 13 digits whose first digit checks the other
 * twelve (the corporate number's check digit: 9 − (Σ Pn × Qn mod 9), Pn the n-th digit of the twelve counted
 * from the last, Qn 1 for odd n and 2 for even n). The same rule serves individuals' numbers.
 */
export function registrationNumberCheckDigit(twelve: string): number {
  let sum = 0;
  for (let n = 1; n <= 12; n++) sum += Number(twelve[12 - n]) * (n % 2 === 1 ? 1 : 2);
  return 9 - (sum % 9);
}

export function isRegistrationNumber(value: string): boolean {
  const match = /^T(\d)(\d{12})$/.exec(value);
  return match !== null && Number(match[1]) === registrationNumberCheckDigit(match[2] as string);
}

export const REGISTRATION_NUMBER_MESSAGE = '登録番号は「T」と13桁の数字で入力してください（例: T1234567890123）';
export const REGISTRATION_NUMBER_CHECK_MESSAGE =
  '登録番号の数字が正しくありません。適格請求書発行事業者の通知書をご確認ください';
