import type { ImageLabel, ImageType, ImageView } from '@app/contracts/wire';
import { hasPermission, isStaff, type Principal } from '../../app/access';
import type { FieldErrors } from '../../utils/fieldError';

/** Pure rules of the order detail screen. */

export type ImageBadge = 'approved' | 'waitingForQa' | 'requiresEdition' | 'pipelineError' | 'uploadRefused';

/**
 * The badge of an image, as QA reads it: Approved once approved, or once its order is approved
 * (Ready to download and after: "Approve anyway" approves the pictures nobody looked at, and
 * the server's label says "ready to download"); Pipeline error or Upload refused (with the
 * reason beside it) when the pipeline gave up or the upload was refused; Requires edition only
 * once someone marked it; Waiting for QA (neutral) when it is processed and nobody has looked
 * at it yet. An image still on its way (uploading, in the pipeline) has none.
 */
export function imageBadge(image: Pick<ImageView, 'approved' | 'needsEdition' | 'optimisationStatus' | 'label'>): ImageBadge | undefined {
  if (image.approved) return 'approved';
  if (image.optimisationStatus === 'rejected') return 'pipelineError';
  if (image.optimisationStatus === 'upload-rejected') return 'uploadRefused';
  if (image.needsEdition) return 'requiresEdition';
  if (image.optimisationStatus === 'completed' && image.label === 'ready to download') return 'approved';
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

/** The permission with which a dealership delivers its own orders to its own integrations (as the gateway asks). */
export const DEALERSHIP_DELIVERY_PERMISSION = 'READ_USER_INTEGRATIONS';

/** Who sees the order header's integration delivery: admin and QA, and a dealership holding READ_USER_INTEGRATIONS. */
export function canDeliverOrders(user: Principal): boolean {
  return isStaff(user.userRole) || (user.userRole === 'Dealership' && hasPermission(user, DEALERSHIP_DELIVERY_PERMISSION));
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

/** the statuses of a picture that never arrived whole: its position is granted again */
const NOT_ARRIVED: readonly ImageView['optimisationStatus'][] = ['awaiting-upload', 'upload-rejected'];

/**
 * The positions the missing pictures of an Uploading order go to: `takenImagesCount` less the
 * pictures that arrived (were accepted) is how many are missing; they go to the first positions
 * still without an arrived picture, of the guide's positions (`guidePositions`, sorted) or, on a
 * free-form guide (none), of 1, 2, 3 … A picture awaited or refused counts as missing.
 */
export function missingPositions(takenImagesCount: number, guidePositions: readonly number[], images: ReadonlyArray<Pick<ImageView, 'position' | 'optimisationStatus'>>): number[] {
  const arrived = new Set(images.filter((i) => !NOT_ARRIVED.includes(i.optimisationStatus)).map((i) => i.position));
  const count = Math.max(0, takenImagesCount - arrived.size);
  const expected = guidePositions.length
    ? [...guidePositions].sort((a, b) => a - b)
    : Array.from({ length: takenImagesCount + arrived.size }, (_, i) => i + 1);
  return expected.filter((p) => !arrived.has(p)).slice(0, count);
}
