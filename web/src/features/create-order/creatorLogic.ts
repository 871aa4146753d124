import { ORDER_IMAGES_MAX, type StyleGuideView } from '@app/contracts/wire';
import { hasErrors, type FieldErrors } from '../../utils/fieldError';
import { orderNameError } from '../../utils/orderName';
import { sortedByPosition } from '../../utils/position';

/** Pure rules of the order creator. */


/** Free-form upload adds dropped or browsed photos one by one, this far apart. */
export const ADD_DELAY_MS = 100;
export const FREE_FORM_MAX = ORDER_IMAGES_MAX;

export type Slot = StyleGuideView['configurations'][number];

/** The positions of a guide, sorted; none means free-form upload. */
export function slotsOf(guide: StyleGuideView | undefined): Slot[] {
  return sortedByPosition(guide?.configurations ?? []);
}

/** The overlay a position shows: its own, else its angle's, else a featured image. */
export function overlayOf(slot: Slot): string | null {
  const media = slot.customAngleOverlay ?? slot.angle?.defaultAngleOverlay ?? slot.featuredImage;
  return media?.thumbnailUrl ?? media?.url ?? null;
}

/** How many of `count` dropped photos fit beside the `current` ones (at most 100 in all). */
export function roomFor(current: number, count: number): number {
  return Math.max(0, Math.min(count, FREE_FORM_MAX - current));
}

/** The position of the next free-form photo: after the highest so far. */
export function nextFreePosition(positions: readonly number[]): number {
  return positions.length ? Math.max(...positions) + 1 : 1;
}

export interface CreatorForm {
  orderName: string;
  /** the account the order is for: an admin picks one, everyone else is their own account */
  accountId: string;
  /** the chosen sales person's id (the request's `salesMan`) */
  salesPersonId: string;
  styleGuide: string;
}

export interface CreatorContext {
  /** a sales person is signed in: it is the order's sales person, no choice */
  salesPersonSignedIn: boolean;
}

export type CreatorErrors = FieldErrors<CreatorForm>;

export function validateCreator(form: CreatorForm, context: CreatorContext): CreatorErrors {
  const errors: CreatorErrors = {};
  const name = orderNameError(form.orderName);
  if (name) errors.orderName = name;
  if (!form.accountId) errors.accountId = { key: 'validation.required' };
  if (!context.salesPersonSignedIn && !form.salesPersonId) errors.salesPersonId = { key: 'validation.required' };
  if (!form.styleGuide) errors.styleGuide = { key: 'validation.required' };
  return errors;
}

/** Positions of the guide that have no photo yet (free-form: none). */
export function missingPositions(slots: readonly Slot[], positions: readonly number[]): number[] {
  const taken = new Set(positions);
  return slots.filter((s) => !taken.has(s.position)).map((s) => s.position);
}

export interface SubmitState {
  /** the button is disabled */
  disabled: boolean;
  /** a click does nothing */
  ignored: boolean;
}

/**
 * The submit rules: ignored with no images or while uploading; disabled
 * when the form is invalid, there are no images, or a position of the chosen guide has none.
 */
export function submitState({ errors, imageCount, missing, uploading }: { errors: CreatorErrors; imageCount: number; missing: number; uploading: boolean }): SubmitState {
  const ignored = imageCount === 0 || uploading;
  return { ignored, disabled: ignored || hasErrors(errors) || missing > 0 };
}
