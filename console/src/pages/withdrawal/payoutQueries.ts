import { payoutQueries } from '@/api/payouts';
import type { PageQueries } from '@/router/pageData';
import { listSearch } from '@/router/search';
import { payoutsQueryOf } from './payoutView';

/** The WithdrawalInfo route's prefetch (router/pageData.ts): the payouts list the page opens with. */
export const payoutPageQueries: PageQueries = (merchant, search) => [
  payoutQueries.list(merchant.merchant_id, payoutsQueryOf(listSearch(search))),
];

/** The WithdrawalInfoMerchant route's prefetch: the group's payouts list (only a group's parent sees it). */
export const payoutGroupPageQueries: PageQueries = (merchant, search) =>
  merchant.merchant_group.is_parent
    ? [payoutQueries.groupList(merchant.merchant_id, payoutsQueryOf(listSearch(search)))]
    : [];
