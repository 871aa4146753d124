import type { ImageLabel, ImageType, ImageView } from '@app/contracts/wire';
import { hasPermission, isStaff, type Principal } from '../../app/access';
import type { FieldErrors } from '../../utils/fieldError';

/** Pure rules of the order detail screen. */

export type ImageBadge = 'approved' | 'requiresEdition' | 'error';

/**
 * The badge of an image: Approved; an error badge when it is not approved and was refused (at
 * upload or by the pipeline); Requires edition when it is not approved once processed, or
 * was marked for edition. An image still on its way (uploading, in the pipeline) has none.
 */
export function imageBadge(image: Pick<ImageView, 'approved' | 'needsEdition' | 'optimisationStatus'>): ImageBadge | undefined {
  if (image.approved) return 'approved';
  if (image.optimisationStatus === 'rejected' || image.optimisationStatus === 'upload-rejected') return 'error';
  if (image.needsEdition || image.optimisationStatus === 'completed') return 'requiresEdition';
  return undefined;
}

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
