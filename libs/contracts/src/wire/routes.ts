/** Pipeline routes: the wire values stored and sent to the pipeline. */
export const ROUTES = ['full', 'ai_no_enh', 'enhancer', 'bypass', 'FEATURED', 'logo_only'] as const;
export type Route = (typeof ROUTES)[number];

/** How the web app shows a route; logo_only shows as itself. */
export const ROUTE_DISPLAY: Record<Route, string> = {
  full: 'AI',
  ai_no_enh: 'AI (NO ENHANCER)',
  enhancer: 'ENHANCER',
  bypass: 'BYPASS',
  FEATURED: 'FEATURED',
  logo_only: 'logo_only',
};

/**
 * A route from either its display or its wire value. Anything unknown maps to ai_no_enh
 * (AI without the enhancer), the safe default route.
 */
export function routeFrom(value: string | null | undefined): Route {
  if (!value) return 'ai_no_enh';
  const trimmed = value.trim();
  if ((ROUTES as readonly string[]).includes(trimmed)) return trimmed as Route;
  const byDisplay = (Object.entries(ROUTE_DISPLAY) as Array<[Route, string]>).find(([, d]) => d.toUpperCase() === trimmed.toUpperCase());
  return byDisplay ? byDisplay[0] : 'ai_no_enh';
}

export const CONFIGURATION_TYPES = ['IMAGE', 'FEATURED'] as const;
export type ConfigurationType = (typeof CONFIGURATION_TYPES)[number];

export const ANGLE_CATEGORIES = ['exterior', 'interior'] as const;
export type AngleCategory = (typeof ANGLE_CATEGORIES)[number];

export interface Margins {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** Default margins in percent. */
export const DEFAULT_MARGINS: Margins = { top: 10, right: 5, bottom: 4, left: 5 };
export const DEFAULT_HORIZON_LINE = 50;
export const DEFAULT_INTERIOR_COLOR = '#FFFFFF';

/** The five tri-state repush switches: Auto = what the route does by default, Enabled, Disabled. */
export const TRI_STATES = ['auto', 'enabled', 'disabled'] as const;
export type TriState = (typeof TRI_STATES)[number];
