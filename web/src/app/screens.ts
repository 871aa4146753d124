import { STAFF, type Requirement } from './access';

const ADMIN_ONLY = { roles: ['Admin'] } as const satisfies Requirement;
const STAFF_ONLY = { roles: STAFF } as const satisfies Requirement;
const CREATES_ORDERS = { permission: 'CREATE_ORDERS' } as const satisfies Requirement;

/**
 * The screens that exist: one row per route the router registers. The header menu and the
 * toolbar shortcuts show an entry only once its route is here, so a later issue adds its
 * screen by adding a row (and its element in AppRoutes.tsx, which the compiler demands).
 * No placeholders: a row means a real screen.
 *
 * `access`: `signedOut` screens send a signed-in visitor on to the landing screen;
 * `signedIn` ones send a signed-out visitor to sign-in and live inside the app shell
 * (header, menu, footer); `public` ones are for anybody, without the shell.
 */
export type ScreenAccess = 'public' | 'signedOut' | 'signedIn';

export interface ScreenDef {
  path: string;
  access: ScreenAccess;
  /** role or permission the screen needs; without it the visitor sees /error/401 */
  requires?: Requirement;
}

export const SCREENS = {
  login: { path: '/auth/login', access: 'signedOut' },
  forgotPassword: { path: '/forget-password', access: 'signedOut' },
  logout: { path: '/logout', access: 'public' },
  account: { path: '/account', access: 'signedIn' },
  accountSettings: { path: '/account/settings', access: 'signedIn' },
  status: { path: '/status', access: 'public' },
  dashboard: { path: '/dashboard', access: 'signedIn' },
  orders: { path: '/orders', access: 'signedIn' },
  ordersSuccess: { path: '/orders/success', access: 'signedIn' },
  createOrder: { path: '/create-order', access: 'signedIn', requires: CREATES_ORDERS },
  order: { path: '/order/:id', access: 'signedIn' },
  orderSelect: { path: '/order/:id/select', access: 'signedIn', requires: STAFF_ONLY },
  orderSelectImage: { path: '/order/:id/select/:imageId', access: 'signedIn', requires: STAFF_ONLY },
  orderVideos: { path: '/order/:id/videos', access: 'signedIn' },
  order360: { path: '/order/:id/360', access: 'signedIn' },
  orderProgress: { path: '/order/:id/progress', access: 'signedIn' },
  editingImage: { path: '/editing-page/:id/:imageId', access: 'signedIn', requires: STAFF_ONLY },
  salesPeople: { path: '/salesmen', access: 'signedIn' },
  salesPerson: { path: '/salesmen/:id', access: 'signedIn' },
  admin: { path: '/admin', access: 'signedIn', requires: STAFF_ONLY },
  adminStyleGuides: { path: '/admin/style-guides-v2', access: 'signedIn', requires: STAFF_ONLY },
  adminCarTypes: { path: '/admin/car-types', access: 'signedIn', requires: ADMIN_ONLY },
  adminCarType: { path: '/admin/car-type/:id', access: 'signedIn', requires: ADMIN_ONLY },
  adminAngles: { path: '/admin/angles', access: 'signedIn', requires: ADMIN_ONLY },
  adminAngle: { path: '/admin/angle/:id', access: 'signedIn', requires: ADMIN_ONLY },
  adminAppVersions: { path: '/admin/app-versions', access: 'signedIn', requires: ADMIN_ONLY },
  adminAppVersion: { path: '/admin/app-version/:id', access: 'signedIn', requires: ADMIN_ONLY },
  adminTags: { path: '/admin/tags', access: 'signedIn', requires: ADMIN_ONLY },
  adminTag: { path: '/admin/tag/:id', access: 'signedIn', requires: ADMIN_ONLY },
  adminBanners: { path: '/admin/banners', access: 'signedIn', requires: ADMIN_ONLY },
  adminBanner: { path: '/admin/banner/:id', access: 'signedIn', requires: ADMIN_ONLY },
  adminAppSettings: { path: '/admin/app-settings', access: 'signedIn', requires: ADMIN_ONLY },
  adminOrderDelivery: { path: '/admin/order-delivery-message', access: 'signedIn', requires: ADMIN_ONLY },
  customers: { path: '/customers', access: 'signedIn', requires: STAFF_ONLY },
  createAccount: { path: '/create-account', access: 'signedIn', requires: ADMIN_ONLY },
  customer: { path: '/customer/:id', access: 'signedIn', requires: STAFF_ONLY },
  createStyleGuide: { path: '/create-style-guide-v2', access: 'signedIn', requires: STAFF_ONLY },
  styleGuide: { path: '/style-guide-v2/:id', access: 'signedIn', requires: STAFF_ONLY },
  qaList: { path: '/editing-page', access: 'signedIn', requires: STAFF_ONLY },
  qaEditorList: { path: '/editor-list', access: 'signedIn', requires: STAFF_ONLY },
  profile: { path: '/profile/:id', access: 'signedIn', requires: STAFF_ONLY },
  profileOrders: { path: '/profile/:id/orders', access: 'signedIn', requires: STAFF_ONLY },
  profileEvents: { path: '/profile/:id/events', access: 'signedIn', requires: ADMIN_ONLY },
  profileStatistics: { path: '/profile/:id/statistics', access: 'signedIn', requires: ADMIN_ONLY },
  profileSettings: { path: '/profile/:id/settings', access: 'signedIn', requires: ADMIN_ONLY },
  profileIntegrations: { path: '/profile/:id/integrations', access: 'signedIn', requires: ADMIN_ONLY },
  profileStyleGuides: { path: '/profile/:id/styleguides', access: 'signedIn', requires: ADMIN_ONLY },
  profileChildAccounts: { path: '/profile/:id/child-accounts', access: 'signedIn', requires: ADMIN_ONLY },
  profilePermissions: { path: '/profile/:id/permissions', access: 'signedIn', requires: ADMIN_ONLY },
} as const satisfies Record<string, ScreenDef>;

export type ScreenId = keyof typeof SCREENS;

const registered: ReadonlySet<string> = new Set(Object.values(SCREENS).map((s) => s.path));

/** Whether a screen is registered at this exact route path. */
export function isRegistered(path: string): boolean {
  return registered.has(path);
}
