/**
 * The permission list (`PERMISSIONS`), seeded by the users service. The group is how the web
 * app arranges them.
 */
import type { Role } from './roles';

export const PERMISSION_GROUPS = [
  'events',
  'orders',
  'statistics',
  'settings',
  'integrations',
  'style guides',
  'child accounts',
  'permissions',
] as const;
export type PermissionGroup = (typeof PERMISSION_GROUPS)[number];

const crud = (entity: string): string[] => ['CREATE', 'READ', 'UPDATE', 'DELETE'].map((verb) => `${verb}_${entity}`);

/** the entity part of the CRUD permission names (`SALESMAN`: the published name for sales people) */
const GROUP_OF_ENTITY: Record<string, PermissionGroup> = {
  ORDERS: 'orders',
  USERS: 'child accounts',
  SALESMAN: 'child accounts',
  STYLE_GUIDES: 'style guides',
  CAR_TYPES: 'settings',
  ANGLES: 'settings',
  APP_VERSIONS: 'settings',
  TAGS: 'settings',
  BANNERS: 'settings',
};

/**
 * Built when the module loads; marked pure so that a bundle which never reads the permission
 * list (the web app today) leaves it out.
 */
export const PERMISSIONS: ReadonlyArray<{ name: string; group: PermissionGroup }> = /* @__PURE__ */ permissionList();

function permissionList(): Array<{ name: string; group: PermissionGroup }> {
  return [
    ...Object.entries(GROUP_OF_ENTITY).flatMap(([entity, group]) => crud(entity).map((name) => ({ name, group }))),
    { name: 'READ_QA_COORDINATOR_LIST', group: 'orders' },
    { name: 'READ_QA_EDITOR_LIST', group: 'orders' },
    { name: 'READ_ADMIN_STATISTICS', group: 'statistics' },
    { name: 'READ_USER_EVENTS', group: 'events' },
    { name: 'READ_USER_STATISTICS', group: 'statistics' },
    { name: 'READ_USER_SETTINGS', group: 'settings' },
    { name: 'READ_USER_INTEGRATIONS', group: 'integrations' },
    { name: 'UPDATE_USER_INTEGRATIONS', group: 'integrations' },
    { name: 'UPDATE_USER_INTEGRATION_CREDENTIALS', group: 'integrations' },
    { name: 'UPDATE_WEB_APPLICATION_SETTINGS', group: 'settings' },
    { name: 'READ_QUEUE_MESSAGES', group: 'settings' },
    { name: 'UPDATE_QUEUE_MESSAGES', group: 'settings' },
    { name: 'DELETE_QUEUE_MESSAGES', group: 'settings' },
  ];
}

/**
 * What a new account holds when the admin creates it (`POST /api/users/createAccountWithoutCognito`),
 * by role; the admin changes them afterwards on the account's permissions tab. The admin holds
 * every permission by its role, so an admin account starts with none granted. Changing an
 * account's role later leaves its grants as they are. The table in docs/users.md lists them.
 */
export const DEFAULT_PERMISSIONS: Readonly<Record<Role, readonly string[]>> = {
  Admin: [],
  Dealership: [
    'CREATE_ORDERS',
    'READ_ORDERS',
    'UPDATE_ORDERS',
    'CREATE_SALESMAN',
    'READ_SALESMAN',
    'UPDATE_SALESMAN',
    'DELETE_SALESMAN',
    'READ_STYLE_GUIDES',
    'READ_USER_STATISTICS',
    'READ_USER_SETTINGS',
  ],
  Management: ['READ_ORDERS', 'READ_USERS', 'READ_STYLE_GUIDES', 'READ_USER_STATISTICS', 'READ_USER_SETTINGS'],
  QA: [
    'READ_ORDERS',
    'UPDATE_ORDERS',
    'READ_QA_EDITOR_LIST',
    'READ_QA_COORDINATOR_LIST',
    'READ_USER_EVENTS',
    'READ_ADMIN_STATISTICS',
    'READ_STYLE_GUIDES',
    'READ_TAGS',
  ],
};


export const PERMISSION_NAMES: readonly string[] = /* @__PURE__ */ PERMISSIONS.map((p) => p.name);

// `hasPermission` (case-insensitive) lives beside the access rules, in access.ts.
