import type { CallQuery, CsvReport } from '@coin/contract';
import { api } from './instance';

/** The period and the filters of the list the report mirrors; the encoding. */
export type CsvQuery = CallQuery<'downloadCsv'>;

/**
 * GET /merchants/{id}/downloads/{report}: opens the streamed CSV of a list (every page, the filters
 * given); the caller reads the body (api/download.ts). Windows-31J unless UTF-8 is asked for.
 */
export const openCsv = (merchantId: number, report: CsvReport, query: CsvQuery, signal?: AbortSignal) =>
  api.open('downloadCsv', {
    params: { id: merchantId, report },
    query: { encoding: 'cp932', ...query },
    ...(signal ? { signal } : {}),
  });

/** What a file is called when the server gives no name (it normally does: Content-Disposition). */
export const fallbackCsvName = (
  report: CsvReport,
  merchantName: string,
  query: Pick<CsvQuery, 'start_date' | 'end_date'>,
) => `${report}_${merchantName}_${query.start_date.replaceAll('-', '')}-${query.end_date.replaceAll('-', '')}.csv`;
