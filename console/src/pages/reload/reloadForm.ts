import { MAX_RELOAD_AMOUNT } from '@coin/contract';
import { type AmountProblem, halfWidthDigits, parseAmount } from '@/components/typedNumber';

/** Spaces and the hyphen-like marks someone may type in a wallet number (1234-5678-90, １２３４ ５６７８). */
const WALLET_NO_SEPARATORS = new Set([' ', '\u3000', '-', '－', '‐', '‑', '–', '—', '―', '−', 'ー', 'ｰ']);
export const isWalletNoSeparator = (char: string): boolean => WALLET_NO_SEPARATORS.has(char);

/** A wallet number as typed → half-width digits without spaces or hyphens (anything else stays, to be refused). */
export const walletNoTyping = (typed: string): string =>
  [...halfWidthDigits(typed)].filter((char) => !isWalletNoSeparator(char)).join('');

export interface ReloadValues {
  walletNo: string;
  /** The chosen coin id as the select holds it ('' when none). */
  coinId: string;
  amount: string;
}

export type ReloadField = keyof ReloadValues;

/** The form field of each field of the request body (a refusal or the contract's schema names it). */
export const RELOAD_FIELD_OF: Readonly<Record<string, ReloadField>> = {
  wallet_no: 'walletNo',
  coin_id: 'coinId',
  amount: 'amount',
};

export const EMPTY_RELOAD_VALUES: ReloadValues = { walletNo: '', coinId: '', amount: '' };

export interface ReloadContext {
  /** The merchant's own wallet: reloading it makes no sense. */
  ownWalletNo: string;
  /** The coins the merchant may reload, with its balance of each (null while unknown). */
  coins: readonly { id: number; balance: number | null }[];
}

export type ReloadProblems = {
  walletNo?: 'walletNoRequired' | 'walletNoInvalid' | 'ownWallet';
  coinId?: 'coinRequired';
  amount?: AmountProblem | { kind: 'overBalance'; balance: number };
};

export type ReloadCheck =
  | { ok: true; body: { wallet_no: string; coin_id: number; amount: number } }
  | { ok: false; problems: ReloadProblems };

/** What the console checks before the confirm step (the server checks it all again). */
export function checkReload(values: ReloadValues, context: ReloadContext): ReloadCheck {
  const problems: ReloadProblems = {};
  const walletNo = walletNoTyping(values.walletNo);
  if (walletNo === '') problems.walletNo = 'walletNoRequired';
  else if (!/^\d{10}$/.test(walletNo)) problems.walletNo = 'walletNoInvalid';
  else if (walletNo === context.ownWalletNo) problems.walletNo = 'ownWallet';

  const coin = context.coins.find((candidate) => String(candidate.id) === values.coinId);
  if (!coin) problems.coinId = 'coinRequired';

  const amount = parseAmount(values.amount, MAX_RELOAD_AMOUNT);
  if (!amount.ok) problems.amount = amount.problem;
  else if (coin && coin.balance !== null && amount.value > coin.balance) {
    problems.amount = { kind: 'overBalance', balance: coin.balance };
  }

  if (Object.keys(problems).length > 0 || !coin || !amount.ok) return { ok: false, problems };
  return { ok: true, body: { wallet_no: walletNo, coin_id: coin.id, amount: amount.value } };
}
