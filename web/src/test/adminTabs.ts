/**
 * The admin area's tabs as the admin sees them, in order: what the header menu's Admin
 * sub-menu and the admin area's tab row must show. Written out here, not read from the app,
 * so that a tab gone, added or moved fails the menu's unit test and the browser tests alike.
 */
export const EXPECTED_ADMIN_TABS = [
  '/admin/style-guides-v2',
  '/admin/car-types',
  '/admin/angles',
  '/admin/app-versions',
  '/admin/tags',
  '/admin/banners',
  '/admin/app-settings',
  '/admin/order-delivery-message',
] as const;
