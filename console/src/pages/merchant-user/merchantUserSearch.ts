import { pageOf, searchParser } from '@/router/search';

/** The MerchantUser route's search: the list's page (users have no period: every one is listed). */
export const merchantUserSearch = searchParser((raw) => ({ page: pageOf(raw) }));

export type MerchantUserSearch = ReturnType<typeof merchantUserSearch>;
