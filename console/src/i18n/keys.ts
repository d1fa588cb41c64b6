import type { Role } from '@coin/contract';
import { jp } from './jp';

export type PageTitleKey = `pages.${keyof typeof jp.pages}`;

const isPageName = (name: string): name is keyof typeof jp.pages => Object.hasOwn(jp.pages, name);

/** The title key of a route name; unknown names get the not-found title. */
export const pageTitleKey = (routeName: string | undefined): PageTitleKey =>
  routeName && isPageName(routeName) ? `pages.${routeName}` : 'pages.NotFound';

export const roleKey = (role: Role) => `roles.${role}` as const;
