import { type InvoiceStatus, PAYING_ROLES, type Role } from '@coin/contract';

/**
 * The `invoice_id` of the page's query: absent (the list), a positive integer (that invoice), or
 * anything else (`invalid`: shown as not found, like another merchant's invoice).
 */
export function parseInvoiceId(raw: unknown): number | 'invalid' | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const text = typeof raw === 'number' ? String(raw) : raw;
  if (typeof text !== 'string' || !/^\d{1,15}$/.test(text.trim())) return 'invalid';
  const id = Number(text.trim());
  return Number.isSafeInteger(id) && id >= 1 ? id : 'invalid';
}

/** Badge colours by invoice status. */
export const INVOICE_STATUS_COLORS: Readonly<Record<InvoiceStatus, string>> = {
  UNPAID: 'yellow',
  OVERDUE: 'red',
  PAID: 'teal',
};

export const isPayable = (status: InvoiceStatus): boolean => status === 'UNPAID' || status === 'OVERDUE';

/**
 * What the payment area shows: the pay button (Owner, Manager), the read-only reason (other roles),
 * or the paid state. The server enforces the same roles.
 */
export function payMode(status: InvoiceStatus, role: Role | null | undefined): 'pay' | 'readOnly' | 'paid' {
  if (!isPayable(status)) return 'paid';
  return role && PAYING_ROLES.includes(role) ? 'pay' : 'readOnly';
}

/** The wallet's balance of the invoice's coin now and after paying it (no balance of the coin is 0). */
export function balanceAfterPaying(
  balances: readonly { id: number; amount: number }[],
  coinId: number,
  amount: number,
): { before: number; after: number; sufficient: boolean } {
  const before = balances.find((coin) => coin.id === coinId)?.amount ?? 0;
  const after = before - amount;
  return { before, after, sufficient: after >= 0 };
}

/** The items' amounts added up (the invoice's own `amount` is what is paid; they should agree). */
export const itemsTotal = (items: readonly { amount: number }[]): number =>
  items.reduce((sum, item) => sum + item.amount, 0);
