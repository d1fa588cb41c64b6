import { CSV_ENCODINGS, UTILITY_BILL_STATUSES } from '@coin/contract';
import { pageOf, periodOf, pickOne, searchParser } from '@/router/search';

/** The UtilityBillsQrHistories route's search: period, page and the bill status. */
export const utilityBillsSearch = searchParser((raw, now) => ({
  ...periodOf(raw, now),
  page: pageOf(raw),
  status: pickOne(raw.status, UTILITY_BILL_STATUSES),
}));

export type UtilityBillsSearch = ReturnType<typeof utilityBillsSearch>;

/** The DownloadUtilityBillsData route's search: the period and the file's encoding (Shift_JIS unless chosen). */
export const utilityBillsDownloadSearch = searchParser((raw, now) => ({
  ...periodOf(raw, now),
  encoding: pickOne(raw.encoding, CSV_ENCODINGS) ?? 'cp932',
}));
