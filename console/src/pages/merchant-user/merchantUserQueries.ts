import { merchantUserQueries } from '@/api/merchantUsers';
import type { PageQueries } from '@/router/pageData';

/** The MerchantUser route's prefetch (router/pageData.ts): the merchant's users, the query the page reads. */
export const merchantUserPageQueries: PageQueries = (merchant) => [merchantUserQueries.list(merchant.merchant_id)];
