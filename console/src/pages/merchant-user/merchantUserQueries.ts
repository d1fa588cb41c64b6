import { merchantUserQueries } from '@/api/merchantUsers';
import type { PageQueries } from '@/router/pageData';
import { merchantUserSearch } from './merchantUserSearch';

/** The MerchantUser route's prefetch (router/pageData.ts): the page of users the page reads. */
export const merchantUserPageQueries: PageQueries = (merchant, search) => [
  merchantUserQueries.list(merchant.merchant_id, merchantUserSearch(search).page),
];
