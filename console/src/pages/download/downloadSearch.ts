import { CSV_ENCODINGS, CSV_REPORTS } from '@coin/contract';
import { periodOf, pickOne, searchParser } from '@/router/search';

/** The DownloadFile route's search: the report, its period and the file's encoding (Shift_JIS unless chosen). */
export const downloadSearch = searchParser((raw, now) => ({
  kind: pickOne(raw.kind, CSV_REPORTS) ?? 'histories',
  ...periodOf(raw, now),
  encoding: pickOne(raw.encoding, CSV_ENCODINGS) ?? 'cp932',
}));
