import { ALL_ROLES, OWNER_ONLY, PAYING_ROLES, type Role } from './roles';

/** Side-menu groups of the signed-in shell; `account` pages live in the header's user menu. */
export const MENU_GROUPS = ['home', 'sales', 'refund', 'coin', 'settings', 'download', 'account'] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

export interface AppRoute {
  kind: 'app';
  path: string;
  name: string;
  roles: readonly Role[];
  group: MenuGroup;
}

export interface PublicRoute {
  kind: 'public';
  path: string;
  name: string;
  verify: boolean;
}

// Generic so that the tables keep each path and name as a literal type: a link to a path that does not
// exist, or pathOf() of a name that does not, fails to compile (RoutePath, RouteName below).
const app = <const P extends string, const N extends string>(
  path: P,
  name: N,
  roles: readonly Role[],
  group: MenuGroup,
): AppRoute & { path: P; name: N } => ({ kind: 'app', path, name, roles, group });
const pub = <const P extends string, const N extends string>(
  path: P,
  name: N,
  verify: boolean,
): PublicRoute & { path: P; name: N } => ({ kind: 'public', path, name, verify });

/** Authenticated pages (§2) with the roles of §6, in side-menu order. */
export const APP_ROUTES = [
  app('/top', 'Top', ALL_ROLES, 'home'),
  app('/transaction', 'Transaction', ALL_ROLES, 'sales'),
  app('/payment/request', 'RequestPayment', PAYING_ROLES, 'sales'),
  app('/urlPayment', 'UrlPayment', PAYING_ROLES, 'sales'),
  app('/invoicePayment', 'InvoicePayment', ALL_ROLES, 'sales'),
  app('/qrcode', 'QRCode', ALL_ROLES, 'sales'),
  app('/coupon', 'Coupon', ALL_ROLES, 'sales'),
  app('/bookTicketUseHistory', 'BookTicketUseHistory', ALL_ROLES, 'sales'),
  app('/subscriptions', 'Subscriptions', ALL_ROLES, 'sales'),
  app('/automaticPaymentHistory', 'AutomaticPaymentHistory', ALL_ROLES, 'sales'),
  app('/utilityBillsQrHistories', 'UtilityBillsQrHistories', ALL_ROLES, 'sales'),
  app('/refund', 'Refund', ALL_ROLES, 'refund'),
  app('/refund/request', 'RequestRefund', OWNER_ONLY, 'refund'),
  app('/reload', 'Reload', ALL_ROLES, 'coin'),
  app('/merchantRebate', 'MerchantRebate', ALL_ROLES, 'coin'),
  app('/withdrawalInfo', 'WithdrawalInfo', ALL_ROLES, 'coin'),
  app('/withdrawalInfoMerchant', 'WithdrawalInfoMerchant', ALL_ROLES, 'coin'),
  app('/merchant', 'Merchant', OWNER_ONLY, 'settings'),
  app('/merchant/rebateCoin', 'MerchantRebateCoin', OWNER_ONLY, 'settings'),
  app('/merchant/bankAccount', 'MerchantBankAccount', OWNER_ONLY, 'settings'),
  app('/merchant/user', 'MerchantUser', OWNER_ONLY, 'settings'),
  // Issue 48: who did what in the shop (reached from 加盟店ユーザー).
  app('/merchant/user/history', 'OperationHistory', OWNER_ONLY, 'settings'),
  app('/download', 'DownloadFile', ALL_ROLES, 'download'),
  app('/downloadUtilityBillsData', 'DownloadUtilityBillsData', ALL_ROLES, 'download'),
  app('/changePassword', 'ChangePassword', ALL_ROLES, 'account'),
  app('/changeEmail', 'ChangeEmail', ALL_ROLES, 'account'),
  // Issue 24: the user's second factors (an addition to the specification's routes).
  app('/twoStep', 'TwoStep', ALL_ROLES, 'account'),
  // Issue 48: the user's own sign-ins, to end one or all others (an addition too).
  app('/devices', 'SignedInDevices', ALL_ROLES, 'account'),
] as const satisfies readonly AppRoute[];

/** Public and verification routes (§2). */
export const PUBLIC_ROUTES = [
  pub('/login', 'Login', false),
  pub('/forget', 'ForgetPassword', false),
  pub('/password/reset', 'ResetPassword', true),
  pub('/mu/password/reset', 'ResetPassword', true),
  pub('/email/init', 'InitAccount', true),
  pub('/mu/init', 'InitAccount', true),
  pub('/email/verify', 'VerifyEmail', true),
  pub('/mu/verify', 'VerifyEmail', true),
  pub('/mu', 'VerifyMerchantUser', true),
  pub('/mu/invitations', 'InitMerchantAccount', true),
  pub('/account_transfer', 'Loading', true),
  pub('/account_transfer/', 'Loading', true),
  pub('/bankpay', 'Loading', true),
  pub('/bankpay/', 'Loading', true),
  pub('/bankpay/error', 'MobileError', false),
  pub('/ekyc/error', 'MobileError', false),
  pub('/bankpay/cancel', 'MobileCancel', false),
  pub('/ekyc/cancel', 'MobileCancel', false),
] as const satisfies readonly PublicRoute[];

/** A signed-in page's entry of the table, with its path and name as literal types. */
export type AppRouteEntry = (typeof APP_ROUTES)[number];
/** A signed-in page's path, and its name. */
export type AppRoutePath = (typeof APP_ROUTES)[number]['path'];
export type AppRouteName = (typeof APP_ROUTES)[number]['name'];
/** Every page's path (signed-in and public), and every name a page has. */
export type RoutePath = AppRoutePath | (typeof PUBLIC_ROUTES)[number]['path'];
export type RouteName = AppRouteName | (typeof PUBLIC_ROUTES)[number]['name'];
/** The name of the page at a path. */
export type RouteNameOf<P extends RoutePath> = Extract<
  (typeof APP_ROUTES | typeof PUBLIC_ROUTES)[number],
  { path: P }
>['name'];

/** QR intermediary actions, served at `/{action}/` on qr./app. hosts. */
export const QR_ACTIONS = [
  'campaign',
  'transfer',
  'coupon',
  'billing',
  'payment',
  'bookticket',
  'merchant',
  'campaign_mebuku',
  'transfer_mebuku',
  'commodity_coupon',
  'return_gift/tds2',
  'external_payment',
] as const;

/** App intermediary actions, served at `/{action}/` on qr./app. hosts. */
export const APP_ACTIONS = ['start', 'rally/top', 'return_gift/top', 'bookticket/top', 'coupon/top'] as const;

/** Paths `/{action}/` that redirect to `/intermediaryReturnApp/{action}/`. */
export const RETURN_APP_ACTIONS = [
  'personal-link/idlink',
  'dcp/idlink',
  'ekyc',
  'subscriptions/categories',
  'questionnaires',
] as const;

export const RETURN_APP_PREFIX = '/intermediaryReturnApp/';

/** Named routes the guard navigates to. */
export const NAMED_PATHS = {
  Login: '/login',
  Top: '/top',
  InvoicePayment: '/invoicePayment',
} as const;

export const intermediaryQrPath = (action: string) => `/${action}/`;
export const returnAppPath = (action: string) => `${RETURN_APP_PREFIX}${action}/`;

export type ResolvedPath =
  | { kind: 'root' }
  | { kind: 'app'; route: AppRoute }
  | { kind: 'public'; route: PublicRoute }
  | { kind: 'intermediaryQr'; action: string }
  | { kind: 'intermediaryApp'; action: string }
  | { kind: 'returnAppRedirect'; action: string }
  | { kind: 'returnApp'; action: string }
  | { kind: 'unknown' };

const appByPath = new Map<string, AppRoute>(APP_ROUTES.map((r) => [r.path, r]));
const publicByPath = new Map<string, PublicRoute>(PUBLIC_ROUTES.map((r) => [r.path, r]));
const withSlash = (actions: readonly string[]) => new Set(actions.map((a) => `/${a}/`));
const qrPaths = withSlash(QR_ACTIONS);
const appActionPaths = withSlash(APP_ACTIONS);
const returnAppRedirectPaths = withSlash(RETURN_APP_ACTIONS);
const returnAppActions = new Set<string>(RETURN_APP_ACTIONS);

/** Which route an exact pathname names. Trailing slashes matter: `/merchant` is a page, `/merchant/` the QR intermediary. */
export function resolvePath(pathname: string): ResolvedPath {
  if (pathname === '/' || pathname === '') return { kind: 'root' };
  const appRoute = appByPath.get(pathname);
  if (appRoute) return { kind: 'app', route: appRoute };
  const publicRoute = publicByPath.get(pathname);
  if (publicRoute) return { kind: 'public', route: publicRoute };
  const action = pathname.slice(1, -1);
  if (qrPaths.has(pathname)) return { kind: 'intermediaryQr', action };
  if (appActionPaths.has(pathname)) return { kind: 'intermediaryApp', action };
  if (returnAppRedirectPaths.has(pathname)) return { kind: 'returnAppRedirect', action };
  if (pathname.startsWith(RETURN_APP_PREFIX) && pathname.endsWith('/')) {
    const returnAction = pathname.slice(RETURN_APP_PREFIX.length, -1);
    if (returnAppActions.has(returnAction)) return { kind: 'returnApp', action: returnAction };
  }
  return { kind: 'unknown' };
}

export function findAppRoute(name: string): AppRoute | undefined {
  return APP_ROUTES.find((r) => r.name === name);
}

export function canOpen(route: AppRoute, role: Role): boolean {
  return route.roles.includes(role);
}
