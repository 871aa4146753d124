import { hasPermission as holds, meets as meetsRule, type AccessRule, type Role } from '@app/contracts/wire';

/** Admin and QA, the back-office staff: the wire contract's, as the gateway sees them. */
export { STAFF_ROLES as STAFF, isStaff } from '@app/contracts/wire';

/**
 * Who may see a screen, menu entry or shortcut. Pure, shared by the router, the header and
 * tests (the browser tests import it too, so it imports nothing but the wire contract). The
 * rule and its check are the gateway's own (`AccessRule`, `meets` of the wire contract): a
 * route value's `access` can be passed here as it is.
 */
export type Requirement = Pick<AccessRule, 'roles' | 'permission'>;

export interface Principal {
  userRole: Role;
  permissions: readonly string[];
}

/** Permission names match case-insensitively (as the Create order shortcut checks `create_orders`); the admin holds every one. */
export function hasPermission(user: Principal, permission: string): boolean {
  return user.userRole === 'Admin' || holds(user.permissions, permission);
}

export function meets(user: Principal, requirement: Requirement | undefined): boolean {
  return meetsRule({ role: user.userRole, permissions: user.permissions }, requirement);
}
