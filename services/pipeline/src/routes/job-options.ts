import { DEFAULT_NUMBER_PLATE_COLOR, type Margins, type NumberPlateMode, type PipelineJob, type Route, type TriState } from '@app/contracts';
import type { DecodeOptions } from '../imaging/image-renderer';

/** What a job does beyond its route's name, once the repush switches are applied. */
export interface JobOptions {
  /** cut the car out and put it on a new background */
  removeBackground: boolean;
  /** frame the output around the car (with the margins), rather than keep the photo's framing */
  crop: boolean;
  logo: boolean;
  /** a logo is required: the job fails when the style guide has none */
  logoRequired: boolean;
  /** straighten a leaning horizon */
  rotationFix: boolean;
  yellowFix: boolean;
  /** a soft shadow under the car on its new background (exterior pictures) */
  contactShadow: boolean;
  margins: Margins;
  horizonLineHeight: number;
  /** the new background: one colour, or the style guide's background (and floor) images */
  background: { kind: 'colour'; colour: string } | { kind: 'studio' };
  interior: boolean;
  /** how the car's number plates are masked; null leaves them as they are */
  numberPlates: Exclude<NumberPlateMode, 'off'> | null;
  /** the plate colour of the `colour` and `logo` modes */
  numberPlateColour: string;
}

interface RouteDefaults {
  removeBackground: boolean;
  crop: boolean;
  /** logo under Auto: 'guide' = the configuration's withLogo */
  logo: 'guide' | 'always' | 'never';
  /** rotation fix under Auto: 'angle' = the angle's needsAngleCorrection */
  rotationFix: 'angle' | 'never';
  /** yellow fix under Auto: 'account' = the account's desaturateYellowLight */
  yellowFix: 'account' | 'never';
  /** number plates under Auto: 'guide' = the style guide's setting */
  numberPlates: 'guide' | 'never';
}

/** Each route's behaviour when every switch is Auto (docs/pipeline.md, "Routes"). */
export const ROUTE_DEFAULTS: Record<Route, RouteDefaults> = {
  full: { removeBackground: true, crop: true, logo: 'guide', rotationFix: 'angle', yellowFix: 'account', numberPlates: 'guide' },
  ai_no_enh: { removeBackground: true, crop: true, logo: 'guide', rotationFix: 'angle', yellowFix: 'never', numberPlates: 'guide' },
  enhancer: { removeBackground: false, crop: false, logo: 'never', rotationFix: 'angle', yellowFix: 'account', numberPlates: 'guide' },
  bypass: { removeBackground: false, crop: false, logo: 'never', rotationFix: 'never', yellowFix: 'never', numberPlates: 'never' },
  FEATURED: { removeBackground: true, crop: true, logo: 'guide', rotationFix: 'never', yellowFix: 'never', numberPlates: 'guide' },
  logo_only: { removeBackground: false, crop: false, logo: 'always', rotationFix: 'never', yellowFix: 'never', numberPlates: 'never' },
};

const ZERO_MARGINS: Margins = { top: 0, right: 0, bottom: 0, left: 0 };

function tri(value: TriState | undefined, auto: boolean): boolean {
  if (value === 'enabled') return true;
  if (value === 'disabled') return false;
  return auto;
}

/**
 * Applies a job's switches to its route: Enabled and Disabled win on every route, Auto keeps
 * the route's default. An interior picture keeps its own framing, gets zero margins and the
 * interior colour as background, and no floor or shadow, as a repush of an interior picture does.
 */
export function resolveJobOptions(job: PipelineJob): JobOptions {
  const d = ROUTE_DEFAULTS[job.route];
  const r = job.repush;
  const s = job.settings;
  const interior = job.category === 'interior';
  const logoAuto = d.logo === 'always' || (d.logo === 'guide' && s.withLogo);
  const removeBackground = tri(r?.forceBackgroundRemoval, d.removeBackground);
  const backgroundColour = r?.backgroundColor ?? (interior ? s.interiorColor : undefined);
  return {
    removeBackground,
    crop: tri(r?.crop, d.crop && !interior),
    logo: tri(r?.forceLogo, logoAuto),
    logoRequired: job.route === 'logo_only' || r?.forceLogo === 'enabled',
    rotationFix: tri(r?.rotationFix, d.rotationFix === 'angle' && s.needsAngleCorrection === true),
    yellowFix: tri(r?.yellowFix, d.yellowFix === 'account' && job.desaturateYellowLight),
    contactShadow: removeBackground && !interior,
    margins: r?.margins ?? (interior ? ZERO_MARGINS : s.margins),
    horizonLineHeight: r?.horizonLineHeight ?? s.horizonLineHeight,
    background: backgroundColour ? { kind: 'colour', colour: backgroundColour } : { kind: 'studio' },
    interior,
    ...numberPlatesOf(job, d.numberPlates === 'guide'),
  };
}

/**
 * The job's number plate masking: the guide's mode under Auto on the routes that mask plates
 * (the AI and enhancer routes); Enabled masks on any route, with the guide's mode or a blur
 * when the guide's is off; Disabled leaves the plates.
 */
function numberPlatesOf(job: PipelineJob, routeMasks: boolean): Pick<JobOptions, 'numberPlates' | 'numberPlateColour'> {
  const guide = job.settings.numberPlates;
  const mode = guide && guide.mode !== 'off' ? guide.mode : null;
  const colour = guide?.colour ?? DEFAULT_NUMBER_PLATE_COLOR;
  const on = tri(job.repush?.numberPlates, routeMasks && mode !== null);
  return { numberPlates: on ? (mode ?? 'blur') : null, numberPlateColour: colour };
}

/**
 * How much of the original a job needs decoded: a picture used whole (no crop around the car,
 * no segmentation, no straightening) only has to cover the output size.
 */
export function decodeOptionsFor(o: JobOptions, outW: number, outH: number): DecodeOptions {
  const whole = !o.removeBackground && !o.crop && !o.rotationFix;
  return whole ? { atLeast: { width: outW, height: outH } } : {};
}
