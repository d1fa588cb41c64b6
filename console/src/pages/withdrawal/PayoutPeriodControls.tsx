import { Group } from '@mantine/core';
import { CsvButton } from '@/components/FileDownload';
import { PeriodFilter } from '@/components/PeriodFilter';
import type { SearchPatch } from '@/components/useListSearch';
import type { ListSearch } from '@/router/search';
import type { MerchantEntry } from '@/session';

/** A payout list's period (closings that ended in it) and the CSV of the same payouts. */
export function PayoutPeriodControls({
  merchant,
  report,
  search,
  update,
}: {
  merchant: MerchantEntry;
  report: 'payouts' | 'group_payouts';
  search: ListSearch;
  update: (patch: SearchPatch) => void;
}) {
  return (
    <>
      <PeriodFilter from={search.from} to={search.to} onChange={(period) => update(period)} />
      <Group ml="auto">
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
