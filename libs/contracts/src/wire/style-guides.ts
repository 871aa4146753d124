import type { NumberPlateMode } from './number-plates';
import type { ConfigurationType, Margins, Route } from './routes';

export const STYLE_GUIDE_NAME_MAX = 120;
export const CUSTOMER_NOTE_MAX = 999;
/** output width and height in pixels */
export const OUTPUT_SIZE_MIN = 64;
export const OUTPUT_SIZE_MAX = 8192;
/** the smallest output file size a guide may ask for, in bytes */
export const MAX_IMAGE_SIZE_MIN = 10_000;
/** the largest output the product makes: 8 MB, the upload limit */
export const MAX_IMAGE_SIZE_LIMIT = 8_388_608;
/** configuration positions run 0 to 999 */
export const POSITION_MAX = 999;

/** The media of a guide as a whole; a configuration's own media override them. */
export const STYLE_GUIDE_MEDIA_SLOTS = ['logo', 'background', 'floor', 'numberplate'] as const;
export type StyleGuideMediaSlot = (typeof STYLE_GUIDE_MEDIA_SLOTS)[number];

/**
 * How the AI routes treat the car's windows when they cut the car out of its photo:
 * `opaque` keeps the glass as photographed (as the classical segmenter does), `see-through`
 * lets the new background show through it (this needs the AI segmentation model). Per guide.
 */
export const WINDOW_MODES = ['opaque', 'see-through'] as const;
export type WindowMode = (typeof WINDOW_MODES)[number];
/** the window mode of a guide that names none (and of guides from before the setting) */
export const DEFAULT_WINDOW_MODE: WindowMode = 'opaque';
/** What the API documentation says of `windows`, in the answers and the request bodies alike. */
export const WINDOW_MODES_DESCRIPTION =
  "how the AI routes treat the car's windows: opaque keeps the glass as photographed, see-through lets the new background show through it (needs the AI segmentation model)";
/** The 400 message of a window mode that is not one of WINDOW_MODES. */
export const WINDOW_MODE_MESSAGE = `windows must be one of: ${WINDOW_MODES.join(', ')}`;
/** True for one of WINDOW_MODES. */
export const isWindowMode = (value: unknown): value is WindowMode => (WINDOW_MODES as readonly unknown[]).includes(value);

// ---------------------------------------------------------------------------------------
// request bodies

/** `POST /style-guides` */
export interface StyleGuideRequest {
  /** trimmed, 1 to 120 characters */
  name: string;
  customerNote?: string;
  outputWidth: number;
  outputHeight: number;
  /** bytes (the builder takes kilobytes and sends them x1000) */
  maxImageSize: number;
  /** #RRGGBB */
  interiorColor?: string;
  /** route of frame-free images; null clears it */
  frameFreeRouting?: Route | null;
  /** how the AI routes treat the car's windows; `opaque` when left out */
  windows?: WindowMode;
  /** what the AI and enhancer routes do with the car's number plates (NUMBER_PLATE_MODES); `off` when left out */
  numberPlates?: NumberPlateMode;
  /** #RRGGBB: the `colour` mode's cover and the `logo` mode's plate; `#FFFFFF` when left out */
  numberPlateColor?: string;
  /** media ids; null clears one */
  logoMediaId?: string | null;
  backgroundMediaId?: string | null;
  floorMediaId?: string | null;
  numberplateMediaId?: string | null;
}

/** `PUT /style-guides/{id}`: any subset of the guide's fields. */
export type StyleGuidePatchRequest = Partial<StyleGuideRequest>;

/** `POST /style-guide-configurations` */
export interface ConfigurationRequest {
  styleGuideId: string;
  position: number;
  /** in percent of the output; the server also takes the object as JSON text */
  margins?: Margins;
  /** the wire value, or its display value (`AI (NO ENHANCER)`); unknown maps to ai_no_enh */
  routeTo?: Route;
  type?: ConfigurationType;
  withLogo?: boolean;
  horizonLineHeight?: number;
  afterFrameFree?: boolean;
  /** null clears it */
  positionAfterFrameFree?: number | null;
  optional?: boolean;
  /** required for IMAGE configurations */
  angleId?: string | null;
  /** media ids of the configuration's own media; null removes one */
  customAngleOverlayId?: string | null;
  customFrameOverlayId?: string | null;
  customBackgroundId?: string | null;
  customLogoId?: string | null;
  customFloorId?: string | null;
  featuredImageId?: string | null;
}

/** `PUT /style-guide-configurations/{id}`: any of the fields but the guide. */
export type ConfigurationPatchRequest = Partial<Omit<ConfigurationRequest, 'styleGuideId'>>;

// ---------------------------------------------------------------------------------------
// views: the schema classes of the HTTP contract are their declarations


export const STYLE_GUIDE_MESSAGES = {
  notFound: 'Style guide not found',
  configurationNotFound: 'Configuration not found',
  angleNotFound: 'Angle not found',
  carTypeNotFound: 'Car type not found',
  positionTaken: (position: number) => `Position ${position} is already used in this style guide`,
  angleRequired: 'An angle is required for IMAGE configurations',
  /** said on the builder's Featured image box (the web matches it) */
  featuredImageRequired: 'A FEATURED configuration needs its featured image: choose one',
  unknownUser: 'User not found',
  angleInUse: 'This angle is used by style guide configurations',
} as const;
