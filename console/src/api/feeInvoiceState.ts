import type { FeeInvoice } from '@coin/contract';

/** A month's invoices as the fees card and the report centre tell them. */
export interface FeeInvoiceState {
  /** The month's invoice in force (the latest issued); null when none is issued yet. */
  current: FeeInvoice | null;
  /** Invoices a later one corrects, newest first: each stays available by its number. */
  originals: FeeInvoice[];
}

/** The month's issued invoices (YYYYMM) out of the list: the one in force and those it replaced. */
export function feeInvoiceStateOf(invoices: readonly FeeInvoice[], month: string): FeeInvoiceState {
  const ofMonth = invoices
    .filter((invoice) => invoice.summarized_month === month)
    // ISO instants sort as text; compared without localeCompare, whose collator would set up ICU (tens
    // of milliseconds on a phone) for the Top page's first paint.
    .sort((a, b) => (a.issued_at < b.issued_at ? 1 : a.issued_at > b.issued_at ? -1 : 0));
  return {
    current: ofMonth.find((invoice) => !invoice.superseded) ?? null,
    originals: ofMonth.filter((invoice) => invoice.superseded),
  };
}

/** A month whose fees are closed: its invoice can be issued (from the first day of the next month, Tokyo). */
export const isInvoiceable = (month: string, currentMonth: string): boolean => month < currentMonth;

/** The `count` months before `month` (YYYYMM), newest first: the months the report centre offers. */
export function monthsBefore(month: string, count: number): string[] {
  const year = Number(month.slice(0, 4));
  const index = Number(month.slice(4, 6)) - 1;
  return Array.from({ length: count }, (_, i) => {
    const total = year * 12 + index - (i + 1);
    return `${Math.floor(total / 12)}${String((total % 12) + 1).padStart(2, '0')}`;
  });
}
