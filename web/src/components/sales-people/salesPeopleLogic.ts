import type { MeView, SalesPersonRequest, SalesPersonView } from '@app/contracts/wire';
import { isStaff, meets } from '../../app/access';
import { ADDS_SALES_PEOPLE, DELETES_SALES_PEOPLE, EDITS_SALES_PEOPLE, salesPersonInput, validateSalesPerson } from './salesPersonRules';

/**
 * Pure rules of the sales-people screen. The server decides; these only keep the screen from
 * offering what it would refuse.
 */

/** A sales person's login: none yet, invited (a temporary password not yet changed), or active. */
export type LoginState = 'none' | 'invited' | 'active';

export function loginState(row: Pick<SalesPersonView, 'loginActivated' | 'userStatus'>): LoginState {
  if (!row.loginActivated) return 'none';
  return row.userStatus === 'CONFIRMED' ? 'active' : 'invited';
}

export interface SalesPeopleAbilities {
  /**
   * staff (admin, QA) choose the dealership, management one of its child dealerships (the
   * account list answers only what the caller may read); a dealership sees its own
   */
  picksAccount: boolean;
  add: boolean;
  edit: boolean;
  remove: boolean;
  /** give a login, send the invitation again: the admin's */
  manageLogins: boolean;
}

/**
 * What the signed-in user may do here: the admin everything; a dealership what its SALESMAN
 * permissions allow; a signed-in sales person, QA and management read.
 */
export function abilitiesOf(me: Pick<MeView, 'userRole' | 'permissions' | 'loggedInSalesPersonInfo'>): SalesPeopleAbilities {
  const salesPerson = me.loggedInSalesPersonInfo !== null;
  const may = (requirement: Parameters<typeof meets>[1]) => !salesPerson && meets(me, requirement);
  return {
    picksAccount: isStaff(me.userRole) || me.userRole === 'Management',
    add: may(ADDS_SALES_PEOPLE),
    edit: may(EDITS_SALES_PEOPLE),
    remove: may(DELETES_SALES_PEOPLE),
    manageLogins: !salesPerson && me.userRole === 'Admin',
  };
}

/**
 * Only a saved row is activated or invited again: not the row being edited (its changes are
 * not saved yet). Activation is for one without a login; a new invitation for one invited
 * that has not chosen its password.
 */
export function mayActivate(row: SalesPersonView, editingId: string | null): boolean {
  return editingId !== row.id && loginState(row) === 'none';
}

export function mayResend(row: SalesPersonView, editingId: string | null): boolean {
  return editingId !== row.id && loginState(row) === 'invited';
}

/** The fields the inline edit changed (trimmed), or null when the row is not valid. */
export function rowChanges(before: SalesPersonView, after: SalesPersonRequest): { valid: boolean; patch: Partial<SalesPersonRequest> } {
  const values = salesPersonInput({ name: String(after.name ?? ''), email: String(after.email ?? ''), phone: String(after.phone ?? '') });
  if (Object.keys(validateSalesPerson(values)).length > 0) return { valid: false, patch: {} };
  const patch: Partial<SalesPersonRequest> = {};
  for (const field of ['name', 'email', 'phone'] as const) {
    if (values[field] !== before[field]) patch[field] = values[field];
  }
  return { valid: true, patch };
}
