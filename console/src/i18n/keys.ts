import { APP_ROUTES, PUBLIC_ROUTES, type Role, type SpecialPage } from '@coin/contract';
import type { Catalogue } from './jp';

type PageName = keyof Catalogue['pages'];
export type PageTitleKey = `pages.${PageName}`;

const SPECIAL_PAGES: readonly SpecialPage[] = ['NotFound', 'Intermediary', 'IntermediaryReturnApp'];
/** Every page has a title in the catalogue (i18n/catalogue.test.ts); the titles load with the pages. */
const PAGE_NAMES: ReadonlySet<string> = new Set(
  [...APP_ROUTES, ...PUBLIC_ROUTES].map((r): string => r.name).concat(SPECIAL_PAGES),
);

const isPageName = (name: string): name is PageName => PAGE_NAMES.has(name);

/** The title key of a route name; unknown names get the not-found title. */
export const pageTitleKey = (routeName: string | undefined): PageTitleKey =>
  routeName && isPageName(routeName) ? `pages.${routeName}` : 'pages.NotFound';

export const roleKey = (role: Role) => `roles.${role}` as const;
