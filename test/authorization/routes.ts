import { DASHBOARD_ROUTES } from './dashboard.matrix';
import { DELIVERY_ROUTES } from './delivery.matrix';
import { IMAGE_ROUTES } from './images.matrix';
import { MEDIA360_ROUTES } from './media360.matrix';
import { MOBILE_ROUTES } from './mobile.matrix';
import { ORDER_ROUTES } from './orders.matrix';
import { STYLE_GUIDE_ROUTES } from './style-guides.matrix';
import { USER_ROUTES } from './users.matrix';
import type { RouteCase } from './matrix';

/**
 * Every route of the authorization matrix, by area: who may call it and what each gets. The
 * matrix spec checks each cell; the fuzz tier starts its bad input and its answer checks from
 * the same valid requests. A gateway route missing here fails the matrix's completeness check;
 * a new area's file is added here once.
 */
export const MATRIX: RouteCase[] = [
  ...USER_ROUTES,
  ...STYLE_GUIDE_ROUTES,
  ...ORDER_ROUTES,
  ...IMAGE_ROUTES,
  ...MEDIA360_ROUTES,
  ...MOBILE_ROUTES,
  ...DASHBOARD_ROUTES,
  ...DELIVERY_ROUTES,
];
