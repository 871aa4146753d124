import type { QaRoleTag, Role } from '@app/contracts';

/**
 * The demo data of `make dev` (development only): fixed ids, so every service can seed its
 * part of the same story (style guides assigned to the demo dealer, orders of the demo
 * dealers, …). Never created in a production start.
 */
export const DEMO_PASSWORD = 'Demo-Pass-2026!';

export interface DemoAccount {
  id: string;
  email: string;
  displayName: string;
  userRole: Role;
  roleTags?: QaRoleTag[];
  permissions?: string[];
  country: string;
  city: string;
  enabledQa?: boolean;
}

export const DEMO_ACCOUNTS = {
  admin: { id: '00000000-0000-4000-8000-000000000001', email: 'admin@demo.test', displayName: 'Demo Admin', userRole: 'Admin', country: 'Denmark', city: 'Copenhagen' },
  qaEditor: {
    id: '00000000-0000-4000-8000-000000000002',
    email: 'qa.editor@demo.test',
    displayName: 'QA Editor',
    userRole: 'QA',
    roleTags: ['QA_EDITOR'],
    permissions: ['READ_QA_EDITOR_LIST', 'READ_ADMIN_STATISTICS'],
    country: 'Denmark',
    city: 'Aarhus',
  },
  qaCoordinator: {
    id: '00000000-0000-4000-8000-000000000003',
    email: 'qa.coordinator@demo.test',
    displayName: 'QA Coordinator',
    userRole: 'QA',
    roleTags: ['QA_COORDINATOR'],
    permissions: ['READ_QA_COORDINATOR_LIST', 'READ_ADMIN_STATISTICS'],
    country: 'Denmark',
    city: 'Aarhus',
  },
  dealer: {
    id: '00000000-0000-4000-8000-000000000004',
    email: 'dealer@demo.test',
    displayName: 'Nordic Auto Demo',
    userRole: 'Dealership',
    permissions: ['CREATE_ORDERS', 'CREATE_SALESMAN', 'UPDATE_SALESMAN', 'DELETE_SALESMAN', 'READ_USER_INTEGRATIONS', 'READ_USER_STATISTICS'],
    country: 'Denmark',
    city: 'Odense',
    enabledQa: true,
  },
  dealer2: {
    id: '00000000-0000-4000-8000-000000000005',
    email: 'dealer2@demo.test',
    displayName: 'Budapest Cars Demo',
    userRole: 'Dealership',
    permissions: ['CREATE_ORDERS', 'READ_USER_STATISTICS'],
    country: 'Hungary',
    city: 'Budapest',
  },
  manager: {
    id: '00000000-0000-4000-8000-000000000006',
    email: 'manager@demo.test',
    displayName: 'Demo Group Management',
    userRole: 'Management',
    permissions: ['READ_USER_STATISTICS'],
    country: 'Denmark',
    city: 'Copenhagen',
  },
} satisfies Record<string, DemoAccount>;

export const DEMO_SALES_PEOPLE = [
  { id: '00000000-0000-4000-8001-000000000001', userId: DEMO_ACCOUNTS.dealer.id, name: 'Anna Sales', email: 'anna.sales@demo.test', phone: '+45 20 30 40 50', login: true },
  { id: '00000000-0000-4000-8001-000000000002', userId: DEMO_ACCOUNTS.dealer.id, name: 'Bo Seller', email: 'bo.seller@demo.test', phone: '+45 21 31 41 51', login: false },
  { id: '00000000-0000-4000-8001-000000000003', userId: DEMO_ACCOUNTS.dealer2.id, name: 'Zsófia Kovács', email: 'zsofia.kovacs@demo.test', phone: '+36 1 234 5678', login: false },
] as const;

/** management's child accounts */
export const DEMO_CHILD_ACCOUNTS = [DEMO_ACCOUNTS.dealer.id, DEMO_ACCOUNTS.dealer2.id];
