import {
  CUSTOMER_NOTE_MAX,
  DEFAULT_MARGINS,
  DEFAULT_NUMBER_PLATE_COLOR,
  DEFAULT_NUMBER_PLATE_MODE,
  DEFAULT_WINDOW_MODE,
  MAX_IMAGE_SIZE_LIMIT,
  MAX_IMAGE_SIZE_MIN,
  OUTPUT_SIZE_MAX,
  OUTPUT_SIZE_MIN,
  POSITION_MAX,
  ROUTE_DISPLAY,
  ROUTES,
  STYLE_GUIDE_MEDIA_SLOTS,
  STYLE_GUIDE_NAME_MAX,
  type ConfigurationRequest,
  type ConfigurationType,
  type ConfigurationView,
  type MediaView,
  type NumberPlateMode,
  type Route,
  type StyleGuideMediaSlot,
  type StyleGuideView,
  type WindowMode,
} from '@app/contracts/wire';
import type { ParseKeys } from 'i18next';
import type { ConfigMediaField, ConfigMediaSlot } from '../../../api/admin';
import type { FieldError, FieldErrors } from '../../../utils/fieldError';

/** The four media slots of a guide; all but the logo carry the Required badge. */
export const MEDIA_SLOTS: readonly StyleGuideMediaSlot[] = STYLE_GUIDE_MEDIA_SLOTS;
export const REQUIRED_SLOTS: ReadonlySet<StyleGuideMediaSlot> = new Set<StyleGuideMediaSlot>(['background', 'floor', 'numberplate']);
export const SLOT_FIELD: Record<StyleGuideMediaSlot, 'logoMediaId' | 'backgroundMediaId' | 'floorMediaId' | 'numberplateMediaId'> = {
  logo: 'logoMediaId',
  background: 'backgroundMediaId',
  floor: 'floorMediaId',
  numberplate: 'numberplateMediaId',
};

/** A configuration's custom media: the body field and the view key of each kind. */
export const CONFIG_MEDIA: Record<ConfigMediaSlot, { field: ConfigMediaField; view: keyof ConfigurationView }> = {
  angle_overlay: { field: 'customAngleOverlayId', view: 'customAngleOverlay' },
  frame_overlay: { field: 'customFrameOverlayId', view: 'customFrameOverlay' },
  background: { field: 'customBackgroundId', view: 'customBackground' },
  logo: { field: 'customLogoId', view: 'customLogo' },
  floor: { field: 'customFloorId', view: 'customFloor' },
  featured: { field: 'featuredImageId', view: 'featuredImage' },
};

/** The slots a configuration shows: the overlays for IMAGE, the (required) featured image for FEATURED. */
export function configMediaSlots(type: ConfigurationType): ConfigMediaSlot[] {
  return type === 'FEATURED' ? ['featured', 'background', 'logo', 'floor'] : ['angle_overlay', 'frame_overlay', 'background', 'logo', 'floor'];
}

export const configMediaOf = (c: ConfigurationView | undefined, slot: ConfigMediaSlot): MediaView | null =>
  c ? ((c[CONFIG_MEDIA[slot].view] as MediaView | null | undefined) ?? null) : null;

/**
 * The media part of a configuration's body: uploaded ids, null for a removed medium and for
 * one the type no longer shows; a slot left alone is not sent.
 */
export function configMediaBody(
  type: ConfigurationType,
  uploaded: Partial<Record<ConfigMediaSlot, string>>,
  removed: ReadonlySet<ConfigMediaSlot>,
  current?: ConfigurationView,
): Partial<Record<ConfigMediaField, string | null>> {
  const shown = new Set(configMediaSlots(type));
  const body: Partial<Record<ConfigMediaField, string | null>> = {};
  for (const slot of Object.keys(CONFIG_MEDIA) as ConfigMediaSlot[]) {
    const field = CONFIG_MEDIA[slot].field;
    if (!shown.has(slot)) {
      if (configMediaOf(current, slot)) body[field] = null;
    } else if (uploaded[slot]) body[field] = uploaded[slot];
    else if (removed.has(slot)) body[field] = null;
  }
  return body;
}

export { CUSTOMER_NOTE_MAX, DEFAULT_MARGINS };
export const MAX_IMAGE_SIZE_BYTES = MAX_IMAGE_SIZE_LIMIT;
export const MIN_IMAGE_SIZE_BYTES = MAX_IMAGE_SIZE_MIN;

/** The route select: wire value and how it shows. */
export const ROUTE_OPTIONS: ReadonlyArray<{ value: Route; label: string }> = ROUTES.map((value) => ({ value, label: ROUTE_DISPLAY[value] }));

/** The two choices of the car windows (WINDOW_MODES), each with its label's key. */
export const WINDOW_OPTIONS: ReadonlyArray<{ value: WindowMode; labelKey: ParseKeys }> = [
  { value: 'opaque', labelKey: 'admin.builder.windows.opaque' },
  { value: 'see-through', labelKey: 'admin.builder.windows.seeThrough' },
];

/** The four choices of the number plates (NUMBER_PLATE_MODES), each with its label's key. */
export const NUMBER_PLATE_OPTIONS: ReadonlyArray<{ value: NumberPlateMode; labelKey: ParseKeys }> = [
  { value: 'off', labelKey: 'admin.builder.numberPlates.off' },
  { value: 'blur', labelKey: 'admin.builder.numberPlates.blur' },
  { value: 'colour', labelKey: 'admin.builder.numberPlates.colour' },
  { value: 'logo', labelKey: 'admin.builder.numberPlates.logo' },
];

/** The modes that use the plate colour (the cover of `colour`, the plate under the logo of `logo`): the colour field shows for them only. */
export const usesPlateColor = (mode: NumberPlateMode): boolean => mode === 'colour' || mode === 'logo';

const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;
export const isHexColor = (value: string): boolean => HEX_COLOR.test(value);

/** The builder takes kilobytes; the API keeps bytes (x1000). */
export const kbToBytes = (kb: number): number => Math.round(kb * 1000);
export const bytesToKb = (bytes: number): number => bytes / 1000;

export interface GuideForm {
  name: string;
  customerNote: string;
  outputWidth: string;
  outputHeight: string;
  maxImageSizeKb: string;
  interiorColor: string;
  /** route of frame-free images; '' for none */
  frameFreeRouting: Route | '';
  /** how the AI routes treat the car's windows */
  windows: WindowMode;
  /** what the AI and enhancer routes do with the car's number plates */
  numberPlates: NumberPlateMode;
  /** #RRGGBB: the cover of `colour`, the plate under the logo of `logo` */
  numberPlateColor: string;
}

export const EMPTY_GUIDE: GuideForm = {
  name: '',
  customerNote: '',
  outputWidth: '1920',
  outputHeight: '1440',
  maxImageSizeKb: '800',
  interiorColor: '#FFFFFF',
  frameFreeRouting: '',
  windows: DEFAULT_WINDOW_MODE,
  numberPlates: DEFAULT_NUMBER_PLATE_MODE,
  numberPlateColor: DEFAULT_NUMBER_PLATE_COLOR,
};

export function guideFormOf(guide: StyleGuideView): GuideForm {
  return {
    name: guide.name,
    customerNote: guide.customerNote ?? '',
    outputWidth: String(guide.outputWidth),
    outputHeight: String(guide.outputHeight),
    maxImageSizeKb: String(bytesToKb(guide.maxImageSize)),
    interiorColor: guide.interiorColor,
    frameFreeRouting: guide.frameFreeRouting ?? '',
    windows: guide.windows,
    numberPlates: guide.numberPlates,
    numberPlateColor: guide.numberPlateColor,
  };
}

export const GUIDE_NAME_MAX = STYLE_GUIDE_NAME_MAX;

const isInt = (s: string) => /^\d+$/.test(s.trim());
const longerThan = (max: number): FieldError => ({ key: 'validation.maxLength', values: { max } });

/** The rules of step 1 (name required, note up to 999 characters), as the API checks them. */
export function validateGuide(form: GuideForm): FieldErrors<GuideForm> {
  const errors: FieldErrors<GuideForm> = {};
  if (!form.name.trim()) errors.name = { key: 'validation.required' };
  else if (form.name.trim().length > GUIDE_NAME_MAX) errors.name = longerThan(GUIDE_NAME_MAX);
  if (form.customerNote.length > CUSTOMER_NOTE_MAX) errors.customerNote = longerThan(CUSTOMER_NOTE_MAX);
  for (const key of ['outputWidth', 'outputHeight'] as const) {
    const n = Number(form[key]);
    if (!isInt(form[key]) || n < OUTPUT_SIZE_MIN || n > OUTPUT_SIZE_MAX) errors[key] = { key: 'admin.builder.errors.size' };
  }
  const kb = Number(form.maxImageSizeKb);
  const bytes = kbToBytes(kb);
  if (!form.maxImageSizeKb.trim() || !Number.isFinite(kb) || bytes < MIN_IMAGE_SIZE_BYTES || bytes > MAX_IMAGE_SIZE_BYTES)
    errors.maxImageSizeKb = { key: 'admin.builder.errors.maxImageSize' };
  if (!/^#[0-9A-Fa-f]{6}$/.test(form.interiorColor)) errors.interiorColor = { key: 'admin.builder.errors.color' };
  if (usesPlateColor(form.numberPlates) && !isHexColor(form.numberPlateColor)) errors.numberPlateColor = { key: 'admin.builder.errors.color' };
  return errors;
}

/**
 * The body of create and update (media ids are added by the caller). The plate colour goes
 * only with the modes that show it: a hidden field never changes the guide's colour.
 */
export function guideBody(form: GuideForm) {
  return {
    name: form.name.trim(),
    customerNote: form.customerNote,
    outputWidth: Number(form.outputWidth),
    outputHeight: Number(form.outputHeight),
    maxImageSize: kbToBytes(Number(form.maxImageSizeKb)),
    interiorColor: form.interiorColor,
    frameFreeRouting: form.frameFreeRouting || null,
    windows: form.windows,
    numberPlates: form.numberPlates,
    ...(usesPlateColor(form.numberPlates) ? { numberPlateColor: form.numberPlateColor.toUpperCase() } : {}),
  };
}

export interface ConfigForm {
  position: string;
  top: string;
  right: string;
  bottom: string;
  left: string;
  routeTo: Route;
  type: ConfigurationType;
  withLogo: boolean;
  horizonLineHeight: string;
  angleId: string;
  afterFrameFree: boolean;
  positionAfterFrameFree: string;
  optional: boolean;
}

export function newConfigForm(existing: readonly ConfigurationView[]): ConfigForm {
  const next = existing.length ? Math.min(POSITION_MAX, Math.max(...existing.map((c) => c.position)) + 1) : 1;
  return {
    position: String(next),
    top: String(DEFAULT_MARGINS.top),
    right: String(DEFAULT_MARGINS.right),
    bottom: String(DEFAULT_MARGINS.bottom),
    left: String(DEFAULT_MARGINS.left),
    routeTo: 'full',
    type: 'IMAGE',
    withLogo: true,
    horizonLineHeight: '50',
    angleId: '',
    afterFrameFree: false,
    positionAfterFrameFree: '',
    optional: false,
  };
}

function parseMargins(text: string) {
  try {
    const m = JSON.parse(text) as Partial<Record<'top' | 'right' | 'bottom' | 'left', number>>;
    return { ...DEFAULT_MARGINS, ...m };
  } catch {
    return { ...DEFAULT_MARGINS };
  }
}

export function configFormOf(c: ConfigurationView): ConfigForm {
  const m = parseMargins(c.margins);
  return {
    position: String(c.position),
    top: String(m.top),
    right: String(m.right),
    bottom: String(m.bottom),
    left: String(m.left),
    routeTo: c.routeTo,
    type: c.type,
    withLogo: c.withLogo,
    horizonLineHeight: String(c.horizonLineHeight),
    angleId: c.angle?.id ?? '',
    afterFrameFree: c.afterFrameFree,
    positionAfterFrameFree: c.positionAfterFrameFree == null ? '' : String(c.positionAfterFrameFree),
    optional: c.optional,
  };
}

/** FEATURED forces the featured route and takes the angle away; back to IMAGE the route is AI again. */
export function withType(form: ConfigForm, type: ConfigurationType): ConfigForm {
  if (type === 'FEATURED') return { ...form, type, routeTo: 'FEATURED', angleId: '' };
  return { ...form, type, routeTo: form.routeTo === 'FEATURED' ? 'full' : form.routeTo };
}

const isNumber = (s: string) => s.trim() !== '' && Number.isFinite(Number(s));
const isPercent = (s: string) => isNumber(s) && Number(s) >= 0 && Number(s) <= 100;
const POSITION: FieldError = { key: 'admin.builder.errors.position' };

/** A position is a whole number up to 999, not taken by another configuration; margins and horizon are percent; IMAGE needs an angle. */
export function validateConfig(form: ConfigForm, others: readonly ConfigurationView[] = []): FieldErrors<ConfigForm> {
  const errors: FieldErrors<ConfigForm> = {};
  const position = Number(form.position);
  if (!isInt(form.position) || position > POSITION_MAX) errors.position = POSITION;
  else if (others.some((c) => c.position === position)) errors.position = { key: 'admin.builder.errors.positionTaken', values: { position: form.position } };
  for (const key of ['top', 'right', 'bottom', 'left', 'horizonLineHeight'] as const) if (!isPercent(form[key])) errors[key] = { key: 'admin.builder.errors.percent' };
  if (form.type === 'IMAGE' && !form.angleId) errors.angleId = { key: 'admin.builder.errors.angleRequired' };
  if (form.afterFrameFree && (!isInt(form.positionAfterFrameFree) || Number(form.positionAfterFrameFree) > POSITION_MAX)) errors.positionAfterFrameFree = POSITION;
  return errors;
}

export function configBody(form: ConfigForm): Omit<ConfigurationRequest, 'styleGuideId'> {
  const featured = form.type === 'FEATURED';
  return {
    position: Number(form.position),
    margins: { top: Number(form.top), right: Number(form.right), bottom: Number(form.bottom), left: Number(form.left) },
    routeTo: featured ? 'FEATURED' : form.routeTo,
    type: form.type,
    withLogo: form.withLogo,
    horizonLineHeight: Number(form.horizonLineHeight),
    angleId: featured ? null : form.angleId || null,
    afterFrameFree: form.afterFrameFree,
    ...(form.afterFrameFree ? { positionAfterFrameFree: Number(form.positionAfterFrameFree) } : {}),
    optional: form.optional,
  };
}

