import {
  EXTERIOR360_FRAME_MAX_BYTES,
  EXTERIOR360_MAX_FRAMES,
  EXTERIOR360_MIN_FRAMES,
  INTERIOR360_MAX_BYTES,
  MEDIA360_CONTENT_TYPES,
  type Media360Kind,
  type OrderView,
} from '@app/contracts/wire';
import type { FieldErrors } from '../../utils/fieldError';

export interface Add360Form {
  kind: Media360Kind | '';
  files: File[];
}

/** An exterior's frames in the order of their names, numbers read as numbers (frame-2 before frame-10). */
export function framesInOrder(files: readonly File[]): File[] {
  return [...files].sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true, sensitivity: 'base' }));
}

/** What the server would refuse before any upload: the count, the types and the sizes. */
export function validateAdd360(form: Add360Form): FieldErrors<Add360Form> {
  const errors: FieldErrors<Add360Form> = {};
  if (!form.kind) errors.kind = { key: 'validation.required' };
  const files = form.files;
  if (!files.length) errors.files = { key: 'validation.required' };
  else if (form.kind === 'exterior360' && (files.length < EXTERIOR360_MIN_FRAMES || files.length > EXTERIOR360_MAX_FRAMES))
    errors.files = { key: 'orderDetail.media360.frameCount', values: { min: EXTERIOR360_MIN_FRAMES, max: EXTERIOR360_MAX_FRAMES, count: files.length } };
  else if (form.kind === 'interior360' && files.length !== 1) errors.files = { key: 'orderDetail.media360.onePanorama' };
  else {
    const wrongType = files.find((f) => !(MEDIA360_CONTENT_TYPES as readonly string[]).includes(f.type));
    const limit = form.kind === 'interior360' ? INTERIOR360_MAX_BYTES : EXTERIOR360_FRAME_MAX_BYTES;
    const tooLarge = files.find((f) => f.size > limit);
    if (wrongType) errors.files = { key: 'orderDetail.media360.wrongType', values: { file: wrongType.name } };
    else if (tooLarge) errors.files = { key: 'orderDetail.media360.tooLarge', values: { file: tooLarge.name, mb: limit / 1_048_576 } };
  }
  return errors;
}

/** Admin and QA add 360s to any order; the order's owner until it is completed (as the server allows). */
export function canAdd360(order: Pick<OrderView, 'status' | 'user'>, me: { id: string }, staff: boolean): boolean {
  return staff || (me.id === order.user.id && order.status !== 'Completed');
}

/** The label of each kind in the "Add 360" form. */
export const KIND_LABELS = { exterior360: 'orderDetail.media360.kinds.exterior360', interior360: 'orderDetail.media360.kinds.interior360' } as const satisfies Record<Media360Kind, string>;
/** The name of the nth 360 of a kind on the order page ("Exterior 360 2"). */
export const KIND_NAMES = { exterior360: 'orderDetail.media360.named.exterior360', interior360: 'orderDetail.media360.named.interior360' } as const satisfies Record<Media360Kind, string>;
