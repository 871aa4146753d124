/**
 * Number plates (docs/pipeline.md, "Number plates"): a style guide may hide the plates the
 * pipeline finds on the car in every output of the AI and enhancer routes, by blurring them,
 * covering them with one colour, or putting the guide's logo on a plate-shaped plate.
 */
export const NUMBER_PLATE_MODES = ['off', 'blur', 'colour', 'logo'] as const;
export type NumberPlateMode = (typeof NUMBER_PLATE_MODES)[number];
/** the mode of a guide that names none (and of guides from before the setting) */
export const DEFAULT_NUMBER_PLATE_MODE: NumberPlateMode = 'off';
/** the plate colour of a guide that names none (the `colour` mode's cover, the `logo` mode's plate) */
export const DEFAULT_NUMBER_PLATE_COLOR = '#FFFFFF';
/** True for one of NUMBER_PLATE_MODES. */
export const isNumberPlateMode = (value: unknown): value is NumberPlateMode => (NUMBER_PLATE_MODES as readonly unknown[]).includes(value);
/** What the API documentation says of `numberPlates`. */
export const NUMBER_PLATE_MODES_DESCRIPTION =
  "what the AI and enhancer routes do with the car's number plates: off leaves them, blur blurs them, colour covers them with numberPlateColor, logo puts the guide's logo (or its numberplate image) on a plate of numberPlateColor";
/** What the API documentation says of `numberPlateColor`. */
export const NUMBER_PLATE_COLOR_DESCRIPTION =
  "#RRGGBB: the colour that covers the plates in the colour mode, and the plate under the logo in the logo mode; #FFFFFF for guides from before the setting";
/** The 400 message of a mode that is not one of NUMBER_PLATE_MODES. */
export const NUMBER_PLATE_MODE_MESSAGE = `numberPlates must be one of: ${NUMBER_PLATE_MODES.join(', ')}`;
/** The 400 message of a plate colour that is not a hex colour. */
export const NUMBER_PLATE_COLOR_MESSAGE = 'numberPlateColor must be a colour like #FFFFFF';

/** At most this many plates are masked on one picture (and QA may set). */
export const MAX_PLATES_PER_PICTURE = 4;

/** A corner of a plate, as a share (0..1) of the original picture's width and height, as shown (EXIF orientation applied). */
export interface PlateCorner {
  x: number;
  y: number;
}

/**
 * A number plate on the original picture: its four corners, clockwise from the top-left as
 * the plate reads, so a plate seen at an angle is a quadrilateral, not a box.
 */
export interface PlateQuad {
  corners: [PlateCorner, PlateCorner, PlateCorner, PlateCorner];
}

/** The 400 message of a plate that is not four corners inside the picture. */
export const PLATE_QUAD_MESSAGE = `numberPlates must be at most ${MAX_PLATES_PER_PICTURE} plates of 4 corners each, x and y between 0 and 1`;

/** A plate as plain data: its four corners' x and y, nothing else (what is stored and sent on). */
export const plainPlate = (p: PlateQuad): PlateQuad => ({ corners: p.corners.map(({ x, y }) => ({ x, y })) as PlateQuad['corners'] });
