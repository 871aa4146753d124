import type { RouteCase } from './matrix';

/** Images, downloads and videos of orders (services/images). */
export const IMAGE_ROUTES: RouteCase[] = [];
