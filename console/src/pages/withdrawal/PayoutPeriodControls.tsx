import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { CsvButton } from '@/components/FileDownload';
import { PeriodFilter } from '@/components/PeriodFilter';
import type { SearchPatch } from '@/components/useListSearch';
import type { ListSearch } from '@/router/search';
import type { MerchantEntry } from '@/session';

/** A payout list's period (closings that ended in it), the CSV of the same payouts and any other file of them. */
export function PayoutPeriodControls({
  merchant,
  report,
  search,
  update,
  files,
}: {
  merchant: MerchantEntry;
  report: 'payouts' | 'group_payouts';
  search: ListSearch;
  update: (patch: SearchPatch) => void;
  /** Beside the CSV: another download of the period (the group's statement). */
  files?: ReactNode;
}) {
  return (
    <>
      <PeriodFilter from={search.from} to={search.to} onChange={(period) => update(period)} />
      <Group ml="auto" align="flex-start" gap="sm" wrap="wrap">
        {files}
        <CsvButton
          merchantId={merchant.merchant_id}
          merchantName={merchant.name}
          report={report}
          query={{ start_date: search.from, end_date: search.to }}
        />
      </Group>
    </>
  );
}
