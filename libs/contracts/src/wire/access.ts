import type { Role } from './roles';

/**
 * Who may call an HTTP operation, stated once on its route value (`@app/contracts/http`) and
 * checked by the gateway's AccessGuard; the web app asks the same `meets` to decide what it
 * shows. Object-level checks (whose order) stay with the owning service.
 */
export interface AccessRule {
  /** roles that may call the route (every signed-in role when left out) */
  roles?: readonly Role[];
  /** a permission non-admins must hold (the admin holds every permission) */
  permission?: string;
  /** refuse callers signed in as a sales person of the account */
  notSalesPerson?: boolean;
}

/** Admin and QA: the back-office staff, who see more of what they may read (instances, QA details). */
export const STAFF_ROLES: readonly Role[] = ['Admin', 'QA'];
export const isStaff = (role: string): boolean => (STAFF_ROLES as readonly string[]).includes(role);

/** The caller as far as an access rule looks at it. */
export interface AccessPrincipal {
  role: string;
  permissions: readonly string[];
  /** set when a sales person of the account is signed in */
  salesPersonId?: string | null;
}

/** The 403 message for a caller of the wrong role, or a sales person where the rule refuses one. */
export const ACCESS_REFUSED_MESSAGE = 'You do not have permission to do this.';
export const missingPermissionMessage = (permission: string): string => `Missing permission ${permission}`;

/** Case-insensitive, as the web app matches the create-orders permission. */
export function hasPermission(held: readonly string[], wanted: string): boolean {
  const w = wanted.toUpperCase();
  return held.some((p) => p.toUpperCase() === w);
}

/** Why the rule refuses the caller (the gateway's 403 message), or null when it lets it through. */
export function accessRefusal(principal: AccessPrincipal, rule: AccessRule | undefined): string | null {
  if (!rule) return null;
  if (rule.roles && !rule.roles.includes(principal.role as Role)) return ACCESS_REFUSED_MESSAGE;
  if (rule.notSalesPerson && principal.salesPersonId) return ACCESS_REFUSED_MESSAGE;
  if (rule.permission && principal.role !== 'Admin' && !hasPermission(principal.permissions, rule.permission)) {
    return missingPermissionMessage(rule.permission);
  }
  return null;
}

/** Whether the rule lets the caller through: the one check the gateway and the web app share. */
export function meets(principal: AccessPrincipal, rule: AccessRule | undefined): boolean {
  return accessRefusal(principal, rule) === null;
}
