import { ROUTES, type Route } from '@app/contracts';

/**
 * Every step a route may take, in the order they run (docs/pipeline.md has what each does).
 * A route lists the ones it has; each runs when the job's options call for it:
 *
 * - straighten      rotation fix on
 * - segment         background removal or crop on
 * - frame, cut-out  always
 * - mask            background removal on
 * - yellow-fix      yellow fix on
 * - enhance         always, on routes that list it
 * - background / featured-canvas, contact-shadow, compose   background removal on
 * - number-plates   number plates on (the style guide's setting, or the repush switch); the
 *                   plates are found before the frame is cut (timed as `find-plates`)
 * - logo            logo on
 * - overlays        always, on routes that list it
 */
export const STEP_ORDER = [
  'straighten',
  'segment',
  'frame',
  'cut-out',
  'mask',
  'yellow-fix',
  'enhance',
  'background',
  'featured-canvas',
  'contact-shadow',
  'compose',
  'number-plates',
  'logo',
  'overlays',
] as const;

export type StepName = (typeof STEP_ORDER)[number];

/** Each route of the contract and its steps, in running order. */
export type RouteTable = Readonly<Record<Route, readonly StepName[]>>;

/** Injection token of the route table the route registry checks at boot. */
export const PIPELINE_ROUTES = Symbol('PIPELINE_ROUTES');

/**
 * `bypass` and `logo_only` take the same steps: they differ only in what runs under Auto
 * (`logo_only` always adds the logo and fails without one, `bypass` adds none), which the
 * job's options decide (`ROUTE_DEFAULTS` in job-options.ts). Both keep every step a repush
 * switch set to Enabled can call for (crop, background removal, fixes, logo).
 */
const ORIGINAL_FRAMING: readonly StepName[] = STEP_ORDER.filter((step) => step !== 'enhance' && step !== 'featured-canvas' && step !== 'overlays');

/**
 * The pipeline's routes. What each does when every switch is Auto is in job-options.ts;
 * here is which steps it has:
 *
 * - `full` (AI): the car cut out and placed on the style guide's background and floor with a
 *   soft contact shadow, framed with the margins, enhanced, logo, frame overlays.
 * - `ai_no_enh` (AI, no enhancer): `full` without the enhancer.
 * - `enhancer`: the photo's own framing and background, enhanced; no overlays.
 * - `bypass`: only size and encoding, unless a repush switch asks for more.
 * - `FEATURED`: the car cut out onto the style guide's featured image, framed with the
 *   margins, logo, overlays; never straightened.
 * - `logo_only`: the logo onto the original, scaled to the style guide's size.
 */
export const ROUTE_TABLE: RouteTable = {
  full: ['straighten', 'segment', 'frame', 'cut-out', 'mask', 'yellow-fix', 'enhance', 'background', 'contact-shadow', 'compose', 'number-plates', 'logo', 'overlays'],
  ai_no_enh: ['straighten', 'segment', 'frame', 'cut-out', 'mask', 'yellow-fix', 'background', 'contact-shadow', 'compose', 'number-plates', 'logo', 'overlays'],
  enhancer: ['straighten', 'segment', 'frame', 'cut-out', 'mask', 'yellow-fix', 'enhance', 'background', 'contact-shadow', 'compose', 'number-plates', 'logo'],
  bypass: ORIGINAL_FRAMING,
  FEATURED: ['segment', 'frame', 'cut-out', 'mask', 'yellow-fix', 'featured-canvas', 'contact-shadow', 'compose', 'number-plates', 'logo', 'overlays'],
  logo_only: ORIGINAL_FRAMING,
};

/**
 * What is wrong with a route table, route by route (nothing when it is right): every route of
 * the contract needs at least one step, only known steps, each once and in running order (the
 * runner takes them in that order whatever the list says), and no route outside the contract.
 */
export function routeTableProblems(table: Readonly<Partial<Record<string, readonly string[]>>>): string[] {
  const problems: string[] = [];
  const known: readonly string[] = STEP_ORDER;
  for (const route of ROUTES) {
    const steps = table[route];
    if (!steps || steps.length === 0) {
      problems.push(`route "${route}" has no steps`);
      continue;
    }
    const unknown = steps.filter((s) => !known.includes(s));
    if (unknown.length) problems.push(`route "${route}" has unknown steps (${unknown.join(', ')})`);
    const positions = steps.filter((s) => known.includes(s)).map((s) => known.indexOf(s));
    if (positions.some((p, i) => i > 0 && p <= positions[i - 1])) {
      problems.push(`route "${route}" does not list its steps once each in running order (${steps.join(', ')})`);
    }
  }
  for (const route of Object.keys(table)) {
    if (!(ROUTES as readonly string[]).includes(route)) problems.push(`"${route}" is not a route of the contract`);
  }
  return problems;
}
