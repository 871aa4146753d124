import type { Role } from '@app/contracts/wire';

/**
 * Who may see a screen, menu entry or shortcut. Pure, shared by the router, the header and
 * tests (the browser tests import it too, so it imports nothing but types).
 */
export interface Requirement {
  /** roles that may see it (every signed-in role when left out) */
  roles?: readonly Role[];
  /** a permission it needs; the admin holds every permission, like the gateway says */
  permission?: string;
}

export interface Principal {
  userRole: Role;
  permissions: readonly string[];
}

export const STAFF: readonly Role[] = ['Admin', 'QA'];

/** Admin and QA: the back-office staff. */
export const isStaff = (role: Role): boolean => STAFF.includes(role);

/** Permission names match case-insensitively (as the Create order shortcut checks `create_orders`). */
export function hasPermission(user: Principal, permission: string): boolean {
  if (user.userRole === 'Admin') return true;
  const wanted = permission.toUpperCase();
  return user.permissions.some((p) => p.toUpperCase() === wanted);
}

export function meets(user: Principal, requirement: Requirement | undefined): boolean {
  if (!requirement) return true;
  if (requirement.roles && !requirement.roles.includes(user.userRole)) return false;
  if (requirement.permission && !hasPermission(user, requirement.permission)) return false;
  return true;
}
