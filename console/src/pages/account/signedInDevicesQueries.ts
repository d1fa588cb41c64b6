import { signInQueries } from '@/api/signIns';
import type { PageQueries } from '@/router/pageData';

/** The SignedInDevices route's prefetch (router/pageData.ts): the user's sign-ins, whatever the merchant. */
export const signedInDevicesPageQueries: PageQueries = () => [signInQueries.list()];
