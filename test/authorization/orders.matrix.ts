import type { RouteCase } from './matrix';

/** Orders, their timeline and tag assignments (services/orders). */
export const ORDER_ROUTES: RouteCase[] = [];
