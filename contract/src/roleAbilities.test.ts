import { describe, expect, it } from 'vitest';
import { CALL_ENDPOINTS, type CallId } from './endpoints';
import {
  abilitiesOf,
  abilitiesOnlyOf,
  mayDo,
  ROLE_ABILITIES,
  type RoleAbility,
  type RoleAbilityKey,
  rolesOf,
} from './roleAbilities';
import { ROLES } from './roles';
import { APP_ROUTES } from './routes';

const ability = (key: RoleAbilityKey): RoleAbility => {
  const found = ROLE_ABILITIES.find((candidate) => candidate.key === key);
  if (!found) throw new Error(`no ability ${key}`);
  return found;
};

const accessRoles = (call: keyof typeof CALL_ENDPOINTS) => {
  const access = CALL_ENDPOINTS[call].access;
  return 'roles' in access ? access.roles : [];
};

describe('role abilities', () => {
  it('name only calls of the call table that have roles, and pages of the route table', () => {
    const pages = new Set<string>(APP_ROUTES.map((route) => route.name));
    for (const { key, ...sources } of ROLE_ABILITIES as readonly RoleAbility[]) {
      const calls = sources.calls ?? [];
      const routes = sources.routes ?? [];
      expect(calls.length + routes.length, key).toBeGreaterThan(0);
      for (const call of calls) {
        expect(Object.hasOwn(CALL_ENDPOINTS, call), `${key}: ${call}`).toBe(true);
        expect('roles' in CALL_ENDPOINTS[call].access, `${key}: ${call}`).toBe(true);
      }
      for (const route of routes) expect(pages.has(route), `${key}: ${route}`).toBe(true);
    }
  });

  it('refuses an ability whose call or page is not in the tables, rather than give it no role', () => {
    expect(() => rolesOf({ key: 'x', calls: ['noSuchCall' as CallId] })).toThrow(/unknown call/);
    expect(() => rolesOf({ key: 'x', calls: ['changeEmail'] })).toThrow(/without roles/);
    expect(() => rolesOf({ key: 'x', routes: ['NoSuchPage' as 'Top'] })).toThrow(/unknown page/);
    expect(() => rolesOf({ key: 'x' })).toThrow(/no call and no page/);
  });

  it('has one entry per key', () => {
    const keys = ROLE_ABILITIES.map((entry) => entry.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('reads the roles from the tables: a role holds an ability when every call and page allows it', () => {
    expect(rolesOf(ability('refunds'))).toEqual(accessRoles('createRefund'));
    expect(rolesOf(ability('payMerchants'))).toEqual(accessRoles('createMerchantPayment'));
    // The reload page is every role's, a reload only the paying roles': the stricter wins.
    expect(APP_ROUTES.find((route) => route.name === 'Reload')?.roles).toEqual(ROLES);
    expect(rolesOf(ability('reload'))).toEqual(['Owner', 'Manager']);
  });

  it('knows who may do what', () => {
    expect(mayDo('Member', ability('refunds'))).toBe(false);
    expect(mayDo('Manager', ability('refunds'))).toBe(false);
    expect(mayDo('Manager', ability('payMerchants'))).toBe(true);
    expect(mayDo('Manager_NoPayment', ability('payMerchants'))).toBe(false);
    expect(rolesOf(ability('staff'))).toEqual(['Owner']);
    expect(rolesOf(ability('bankAccount'))).toEqual(['Owner']);
    expect(rolesOf(ability('viewSales'))).toEqual(ROLES);
  });

  it("splits a role's abilities into what it may and may not do, and names what only an Owner may", () => {
    const member = abilitiesOf('Member');
    expect(member.may).toContain('viewSales');
    expect(member.mayNot).toEqual(expect.arrayContaining(['payMerchants', 'refunds', 'staff']));
    expect(member.may.length + member.mayNot.length).toBe(ROLE_ABILITIES.length);
    expect(abilitiesOf('Owner').mayNot).toEqual([]);
    expect(abilitiesOnlyOf('Owner')).toEqual(
      expect.arrayContaining(['refunds', 'bankAccount', 'staff', 'staffTwoStep', 'merchantProfile']),
    );
    expect(abilitiesOnlyOf('Owner')).not.toContain('payMerchants');
    expect(abilitiesOnlyOf('Member')).toEqual([]);
  });
});
