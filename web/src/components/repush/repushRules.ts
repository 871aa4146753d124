import {
  DEFAULT_HORIZON_LINE,
  DEFAULT_INTERIOR_COLOR,
  DEFAULT_MARGINS,
  INTERIOR_REPUSH_METHOD,
  REPUSH_MARGIN_MAX,
  REPUSH_METHODS,
  REPUSH_SWITCHES,
  type AngleCategory,
  type ConfigurationView,
  type ImageView,
  type Margins,
  type RepushMethod,
  type RepushRequest,
  type RepushSwitch,
  type StyleGuideView,
  type TriState,
} from '@app/contracts/wire';
import type { FieldErrors } from '../../utils/fieldError';

/** Pure rules of the repush dialog (spec sections 3 to 5). */

export const MARGIN_SIDES = ['top', 'bottom', 'left', 'right'] as const;
export type MarginSide = (typeof MARGIN_SIDES)[number];

/** The dialog's values: text for what is typed, as the form fields hold it. */
export type RepushForm = {
  method: RepushMethod;
  category: AngleCategory;
  /** #RRGGBB; empty: the style guide's background */
  backgroundColor: string;
  /** the settings below count only when on */
  withSettings: boolean;
  horizonLineHeight: string;
} & Record<MarginSide, string> &
  Record<RepushSwitch, TriState>;

type GuideLike = Pick<StyleGuideView, 'interiorColor' | 'configurations'> | undefined;
type Selected = Pick<ImageView, 'id' | 'position' | 'optimisedVia'>;

const ZERO: Margins = { top: 0, right: 0, bottom: 0, left: 0 };
const HEX = /^#[0-9A-Fa-f]{6}$/;

function configurationOf(guide: GuideLike, position: number): ConfigurationView | undefined {
  return guide?.configurations.find((c) => c.position === position);
}

/** A configuration's margins (stored as JSON text), or null when it has none or they cannot be read. */
export function parseMargins(text: string | null | undefined): Margins | null {
  if (!text) return null;
  try {
    const m = JSON.parse(text) as Partial<Record<keyof Margins, unknown>>;
    const sides = (['top', 'right', 'bottom', 'left'] as const).map((k) => m[k]);
    if (!sides.every((v) => typeof v === 'number' && Number.isFinite(v))) return null;
    const [top, right, bottom, left] = sides as number[];
    return { top, right, bottom, left };
  } catch {
    return null;
  }
}

/** The margins of an image's position in its style guide, else the defaults (top 10, bottom 4, left 5, right 5). */
export function marginsOfPosition(guide: GuideLike, position: number): Margins {
  return parseMargins(configurationOf(guide, position)?.margins) ?? DEFAULT_MARGINS;
}

const sameMargins = (a: Margins, b: Margins) => a.top === b.top && a.right === b.right && a.bottom === b.bottom && a.left === b.left;

/**
 * The margins the selected images' positions have, one entry per different set (the first image
 * that has it). More than one: the dialog asks whose margins to use.
 */
export function distinctMargins(images: readonly Selected[], guide: GuideLike): Array<{ position: number; margins: Margins }> {
  const found: Array<{ position: number; margins: Margins }> = [];
  for (const image of images) {
    const margins = marginsOfPosition(guide, image.position);
    if (!found.some((f) => sameMargins(f.margins, margins))) found.push({ position: image.position, margins });
  }
  return found;
}

const marginText = (m: Margins): Record<MarginSide, string> => ({ top: String(m.top), bottom: String(m.bottom), left: String(m.left), right: String(m.right) });

/**
 * The dialog's first values for the selection: the first image's method (its route, else its
 * position's) and category, its position's margins (or `marginsFrom`'s, chosen in the
 * confirmation) and horizon line (else 50), every switch on Auto. An interior position starts
 * as interior.
 */
export function repushDefaults(images: readonly Selected[], guide: GuideLike, marginsFrom?: number): RepushForm {
  const first = images[0];
  const config = first ? configurationOf(guide, first.position) : undefined;
  const via = first?.optimisedVia ?? config?.routeTo;
  const method: RepushMethod = via && (REPUSH_METHODS as readonly string[]).includes(via) ? (via as RepushMethod) : 'full';
  const switches = Object.fromEntries(REPUSH_SWITCHES.map((s) => [s, 'auto'])) as Record<RepushSwitch, TriState>;
  const exterior: RepushForm = {
    method,
    category: 'exterior',
    backgroundColor: '',
    withSettings: true,
    horizonLineHeight: String(config?.horizonLineHeight ?? DEFAULT_HORIZON_LINE),
    ...marginText(marginsOfPosition(guide, marginsFrom ?? first?.position ?? -1)),
    ...switches,
  };
  return config?.angle?.category === 'interior' ? withCategory(exterior, 'interior', guide, images, marginsFrom) : exterior;
}

/**
 * Exterior / interior. Interior: method ai_no_enh, zero margins and the guide's interior colour
 * (white when it has none). Back to exterior: the position's margins and the guide's background.
 */
export function withCategory(form: RepushForm, category: AngleCategory, guide: GuideLike, images: readonly Selected[], marginsFrom?: number): RepushForm {
  if (category === 'interior') {
    return { ...form, category, method: INTERIOR_REPUSH_METHOD, backgroundColor: guide?.interiorColor || DEFAULT_INTERIOR_COLOR, ...marginText(ZERO) };
  }
  return { ...form, category, backgroundColor: '', ...marginText(marginsOfPosition(guide, marginsFrom ?? images[0]?.position ?? -1)) };
}

function numberIn(text: string, max: number): boolean {
  const trimmed = text.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return false;
  return Number(trimmed) <= max;
}

/** Margins 0 to 45, horizon line 0 to 100, a colour as #RRGGBB or none; only the settings in use are checked. */
export function validateRepush(form: RepushForm): FieldErrors<RepushForm> {
  const errors: FieldErrors<RepushForm> = {};
  if (!form.withSettings) return errors;
  for (const side of MARGIN_SIDES) {
    if (!form[side].trim()) errors[side] = { key: 'validation.required' };
    else if (!numberIn(form[side], REPUSH_MARGIN_MAX)) errors[side] = { key: 'repush.marginRange', values: { max: REPUSH_MARGIN_MAX } };
  }
  if (!form.horizonLineHeight.trim()) errors.horizonLineHeight = { key: 'validation.required' };
  else if (!numberIn(form.horizonLineHeight, 100)) errors.horizonLineHeight = { key: 'repush.horizonRange' };
  if (form.backgroundColor && !HEX.test(form.backgroundColor)) errors.backgroundColor = { key: 'repush.colourInvalid' };
  return errors;
}

/** The `POST /images/repush` body of a valid form. */
export function repushRequest(orderId: string, styleGuideId: string, imageIds: readonly string[], form: RepushForm): RepushRequest {
  const body: RepushRequest = {
    orderId,
    styleGuideId,
    imageArray: [...imageIds],
    method: form.category === 'interior' ? INTERIOR_REPUSH_METHOD : form.method,
    imageCategory: form.category,
    isImageRepushedWithSettings: form.withSettings,
  };
  if (!form.withSettings) return body;
  return {
    ...body,
    ...(form.backgroundColor ? { backgroundColor: form.backgroundColor.toUpperCase() } : {}),
    horizonLineHeight: Number(form.horizonLineHeight),
    margins: { top: Number(form.top), bottom: Number(form.bottom), left: Number(form.left), right: Number(form.right) },
    ...Object.fromEntries(REPUSH_SWITCHES.map((s) => [s, form[s]])),
  };
}
