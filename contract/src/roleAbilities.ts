import { CALL_ENDPOINTS, type CallId } from './endpoints';
import { ROLES, type Role } from './roles';
import { APP_ROUTES, type AppRouteName } from './routes';

/**
 * Something a merchant user may do, as the staff page explains the roles (issue 48). Which roles hold it
 * is not written here: it is read from the calls it takes (their access rule, which the server enforces)
 * and the pages it needs (their roles, which the guard enforces), so the explanation cannot drift from
 * what the server and the guard allow. A role holds it when it may make every call and open every page.
 */
export interface RoleAbility {
  /** The ability's name; the console's catalogue words it (`roleAbilities.abilities.<key>`). */
  readonly key: string;
  /** Calls whose access rule names roles (a public call, or one open to anyone signed in, throws). */
  readonly calls?: readonly CallId[];
  readonly routes?: readonly AppRouteName[];
}

/** What the roles are told apart by, in the order the staff page lists them (what every role may do first). */
export const ROLE_ABILITIES = [
  { key: 'viewSales', calls: ['listWalletHistories'], routes: ['Transaction'] },
  { key: 'downloadReports', calls: ['downloadCsv', 'downloadFeeInvoice'], routes: ['DownloadFile'] },
  { key: 'payMerchants', calls: ['createMerchantPayment'], routes: ['RequestPayment'] },
  { key: 'urlPayments', calls: ['createUrlPayment', 'stopUrlPayment'], routes: ['UrlPayment'] },
  { key: 'payInvoices', calls: ['payInvoice'], routes: ['InvoicePayment'] },
  { key: 'reload', calls: ['createReload'], routes: ['Reload'] },
  { key: 'coupons', calls: ['createCoupon', 'stopCoupon'], routes: ['Coupon'] },
  { key: 'refunds', calls: ['createRefund', 'cancelRefund'], routes: ['RequestRefund'] },
  { key: 'merchantProfile', calls: ['updateMerchant', 'updateMerchantStatus'], routes: ['Merchant'] },
  { key: 'rebateCoin', calls: ['updateRebateCoin'], routes: ['MerchantRebateCoin'] },
  { key: 'bankAccount', calls: ['putBankAccount'], routes: ['MerchantBankAccount'] },
  { key: 'staff', calls: ['inviteMerchantUser', 'updateMerchantUser'], routes: ['MerchantUser'] },
  { key: 'staffTwoStep', calls: ['putMerchantTwoStep'], routes: ['MerchantUser'] },
  { key: 'auditLog', calls: ['listAuditEvents'], routes: ['OperationHistory'] },
] as const satisfies readonly RoleAbility[];

export type RoleAbilityKey = (typeof ROLE_ABILITIES)[number]['key'];

function callRoles(call: string): readonly Role[] {
  const endpoint: { access: { kind: string; roles?: readonly Role[] } } | undefined = CALL_ENDPOINTS[call as CallId];
  if (!endpoint) throw new Error(`role ability names an unknown call: ${call}`);
  if (!endpoint.access.roles) throw new Error(`role ability names a call without roles: ${call}`);
  return endpoint.access.roles;
}

function routeRoles(name: string): readonly Role[] {
  const route = APP_ROUTES.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`role ability names an unknown page: ${name}`);
  return route.roles;
}

/** The roles that hold an ability, in the order of ROLES; an unknown call or page throws rather than answer none. */
export function rolesOf(ability: RoleAbility): readonly Role[] {
  const tables = [...(ability.calls ?? []).map(callRoles), ...(ability.routes ?? []).map(routeRoles)];
  if (tables.length === 0) throw new Error(`role ability ${ability.key} names no call and no page`);
  return ROLES.filter((role) => tables.every((roles) => roles.includes(role)));
}

export const mayDo = (role: Role, ability: RoleAbility): boolean => rolesOf(ability).includes(role);

/** What a role may and may not do, each in the order of ROLE_ABILITIES. */
export function abilitiesOf(role: Role): { may: RoleAbilityKey[]; mayNot: RoleAbilityKey[] } {
  const may: RoleAbilityKey[] = [];
  const mayNot: RoleAbilityKey[] = [];
  for (const ability of ROLE_ABILITIES) (mayDo(role, ability) ? may : mayNot).push(ability.key);
  return { may, mayNot };
}

/** What only this role may do (an Owner's bank account, staff…): the rights a new holder of it gains over every other role. */
export const abilitiesOnlyOf = (role: Role): RoleAbilityKey[] =>
  ROLE_ABILITIES.filter((ability) => {
    const roles = rolesOf(ability);
    return roles.length === 1 && roles[0] === role;
  }).map((ability) => ability.key);
