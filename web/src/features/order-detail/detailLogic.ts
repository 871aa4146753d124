import type { ImageLabel, ImageType, ImageView } from '@app/contracts/wire';
import { hasPermission, isStaff, type Principal } from '../../app/access';
import type { FieldErrors } from '../../utils/fieldError';

/** Pure rules of the order detail screen. */

export type ImageBadge = 'approved' | 'waitingForQa' | 'requiresEdition' | 'pipelineError' | 'uploadRefused';

/**
 * The badge of an image, as QA reads it: Approved once approved; Pipeline error or Upload
 * refused (with the reason beside it) when the pipeline gave up or the upload was refused;
 * Requires edition only once someone marked it; Waiting for QA (neutral) when it is processed
 * and nobody has looked at it yet. An image still on its way (uploading, in the pipeline) has none.
 */
export function imageBadge(image: Pick<ImageView, 'approved' | 'needsEdition' | 'optimisationStatus'>): ImageBadge | undefined {
  if (image.approved) return 'approved';
  if (image.optimisationStatus === 'rejected') return 'pipelineError';
  if (image.optimisationStatus === 'upload-rejected') return 'uploadRefused';
  if (image.needsEdition) return 'requiresEdition';
  if (image.optimisationStatus === 'completed') return 'waitingForQa';
  return undefined;
}

/** The colour of a badge: success when approved, the neutral default while waiting for QA, error otherwise. */
export const BADGE_COLOURS = {
  approved: 'success',
  waitingForQa: 'default',
  requiresEdition: 'error',
  pipelineError: 'error',
  uploadRefused: 'error',
} as const satisfies Record<ImageBadge, 'success' | 'default' | 'error'>;

/** Translation key suffix of an image label (`orderDetail.labels.pendingLoad`). */
export const IMAGE_LABEL_KEYS = {
  'pending load': 'pendingLoad',
  completed: 'completed',
  approved: 'approved',
  'ready to download': 'readyToDownload',
  'waiting for QA': 'waitingForQa',
  'waiting for edition': 'waitingForEdition',
  'needs edition': 'needsEdition',
  'pipeline error': 'pipelineError',
} as const satisfies Record<ImageLabel, string>;

/** The select view's image-type filter; none shows every image. */
export function filterByType<T extends Pick<ImageView, 'types'>>(images: readonly T[], type: ImageType | ''): T[] {
  return type ? images.filter((i) => i.types.includes(type)) : [...images];
}

/** Admin and QA rename any order; the account that owns it needs UPDATE_ORDERS (the server checks the owner). */
export function canRenameOrders(user: Principal): boolean {
  return isStaff(user.userRole) || hasPermission(user, 'UPDATE_ORDERS');
}

export interface InsertForm {
  position: string;
  mediaOrigin: string;
  file: File | null;
}

/** Insert image: position required and not negative, media origin required, a file. */
export function validateInsert(form: InsertForm): FieldErrors<InsertForm> {
  const errors: FieldErrors<InsertForm> = {};
  const position = form.position.trim();
  if (!position) errors.position = { key: 'validation.required' };
  else if (!/^-?\d+$/.test(position)) errors.position = { key: 'validation.invalid' };
  else if (Number(position) < 0) errors.position = { key: 'orderDetail.insert.positionNegative' };
  if (!form.mediaOrigin) errors.mediaOrigin = { key: 'validation.required' };
  if (!form.file) errors.file = { key: 'validation.required' };
  return errors;
}
