import {
  ApprovalBody,
  DeleteImagesBody,
  DownloadBody,
  DownloadMediaQuery,
  DownloadQuery,
  ImageIdBody,
  InsertImageBody,
  ReplaceImageBody,
  RepushBody,
  SignedUploadBody,
  UploadCompleteBody,
} from '../../images/images.contract';
import { Media360SignedUploadBody, Media360UploadCompleteBody } from '../../images/media360.contract';
import { ReEditDeclineBody, ReEditRequestBody } from '../../images/re-edit-requests.contract';
import { VideoSignedUploadBody, VideoUploadCompleteBody } from '../../images/videos.contract';
import { ALL_ROLES, defineRoute } from '../define-route';
import {
  DownloadResult,
  ImagesDeletedResult,
  ImageVersionView,
  ImageView,
  ReEditRequestView,
  SignedUploadResult,
  UrlResult,
  VideoSignedUploadResult,
  VideoView,
} from '../schemas/images.schemas';
import { Media360SignedUploadResult, Media360View } from '../schemas/media360.schemas';

/**
 * The HTTP operations of the pictures of orders (uploads, QA's tools, views, versions,
 * downloads), their videos, 360 media and re-edit requests. Within a controller the gateway
 * registers its handlers in the order they are written.
 */

export const ImagesRoutes = {
  signedUpload: defineRoute({
    method: 'POST',
    path: '/images/get-signed-url-for-upload',
    access: { roles: ALL_ROLES },
    body: SignedUploadBody,
    result: SignedUploadResult,
    resultDescription: 'where and how to upload the file',
    summary: 'Start the upload of one picture: answers { url, fields, imageId, expiresAt }',
    description:
      'Post `fields` (JSON text: parse it) plus the file (as `file`, last) as multipart/form-data to `url` within the expiry. ' +
      'The policy fixes the key, the content type and at most 8388608 bytes. Then call `POST /images/upload-complete` with the imageId ' +
      '(or let the server find the file: it looks every few seconds). A position of a style-guide order must be one of the guide\'s ' +
      'positions (any position when the guide has none); only while the order is Uploading, except for admin and QA.',
  }),
  uploadComplete: defineRoute({
    method: 'POST',
    path: '/images/upload-complete',
    status: 200,
    access: { roles: ALL_ROLES },
    body: UploadCompleteBody,
    result: ImageView,
    resultDescription: 'the accepted image',
    summary: 'The file of an image is posted: the server checks it and answers the image',
    idempotent: true,
    description: 'Refused files (not an image, over 8388608 bytes, over 4032x3024) answer 400 with the reason; 409 while nothing has arrived.',
  }),
  insert: defineRoute({
    method: 'POST',
    path: '/images/insert-image-on-order',
    access: { roles: ['Admin', 'QA'] },
    body: InsertImageBody,
    result: SignedUploadResult,
    resultDescription: 'where and how to upload the file',
    summary: 'QA adds a picture to an order: answers a presigned upload like get-signed-url-for-upload',
    description: 'mediaOrigin `original` goes through the pipeline; `optimized` is a finished picture, shown as it is.',
  }),
  replaceUpload: defineRoute({
    method: 'POST',
    path: '/images/replace-image/:id',
    access: { roles: ['Admin', 'QA'] },
    body: ReplaceImageBody,
    result: SignedUploadResult,
    resultDescription: 'where and how to upload the replacement',
    summary: 'Start replacing the optimized picture of an image: answers a presigned upload',
  }),
  replaceComplete: defineRoute({
    method: 'POST',
    path: '/images/replace-image/:id/complete',
    status: 200,
    access: { roles: ['Admin', 'QA'] },
    result: ImageView,
    resultDescription: 'the image with its new picture',
    summary: 'The replacement is posted: checked, swapped in with a new thumbnail; answers the image',
  }),
  get: defineRoute({
    method: 'GET',
    path: '/images/data/:id',
    access: { roles: ALL_ROLES },
    result: ImageView,
    summary: 'One image with short-lived links',
  }),
  ofOrder: defineRoute({
    method: 'GET',
    path: '/images/order/:id',
    access: { roles: ALL_ROLES },
    result: [ImageView],
    summary: "An order's images by position, with short-lived links, labels and type labels",
  }),
  versions: defineRoute({
    method: 'GET',
    path: '/images/:id/versions',
    access: { roles: ALL_ROLES },
    result: [ImageVersionView],
    summary: "Every kept version of an image's picture, oldest first, with who made it, why, and short-lived links",
    description: 'The original, each pipeline output, each replacement or inserted finished picture, each restore; admin and QA also see test-pipeline outputs.',
  }),
  restoreVersion: defineRoute({
    method: 'POST',
    path: '/images/:id/versions/:versionId/restore',
    status: 200,
    access: { roles: ['Admin', 'QA'] },
    result: [ImageVersionView],
    resultDescription: 'the history, with the restore as its newest version',
    summary: 'Make a kept version the optimized picture again (a new thumbnail; IMAGE_VERSION_RESTORED on the timeline)',
  }),
  approval: defineRoute({
    method: 'POST',
    path: '/images/approval/:id',
    status: 200,
    access: { roles: ['Admin', 'QA'] },
    body: ApprovalBody,
    result: ImageView,
    resultDescription: 'the image after the decision',
    summary: 'Approve an image (true) or mark it as needing edition (false)',
    description: 'With `approved: false`, `errorTagId` (an IMAGE_ERROR tag of images) is the reason: it goes on the image and in the IMAGE_DECLINED event.',
  }),
  updateApproval: defineRoute({
    method: 'PUT',
    path: '/images/updateApproval/:id',
    access: { roles: ['Admin', 'QA'] },
    body: ApprovalBody,
    result: ImageView,
    resultDescription: 'the image after the decision',
    summary: 'Change the approval of an image (same as POST /images/approval/{id})',
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/images',
    access: { roles: ['Admin', 'QA'] },
    body: DeleteImagesBody,
    result: ImagesDeletedResult,
    summary: 'Delete images and their files (body { ids })',
  }),
  /** a repush of one picture (its handler keeps the name `optimize`, the operation id it was published with) */
  optimize: defineRoute({
    method: 'POST',
    path: '/images/invoke-image-optimization',
    status: 202,
    access: { roles: ['Admin', 'QA'] },
    body: ImageIdBody,
    result: ImageView,
    resultDescription: 'the image, queued again',
    summary: 'Send the original through the pipeline again (a new job)',
  }),
  repush: defineRoute({
    method: 'POST',
    path: '/images/repush',
    status: 202,
    access: { roles: ['Admin', 'QA'] },
    body: RepushBody,
    result: [ImageView],
    resultDescription: 'the images, queued again',
    summary: 'Send pictures of one order through the pipeline again with a method, a category and settings',
    description:
      'One job per image (1 to 100 ids of `orderId`); with `isImageRepushedWithSettings` the colour, margins, horizon line and the five ' +
      'switches count too. Interior: ai_no_enh, zero margins, the colour given or the guide\'s interior colour. IMAGE_REPUSHED on the ' +
      'timeline per image. 409 when one of them was just sent again by someone else (nothing is queued then).',
  }),
  download: defineRoute({
    method: 'POST',
    // `:id` as in GET /images/download/:id (an image's id there): one path template, one parameter name
    path: '/images/download/:id',
    status: 200,
    access: { roles: ALL_ROLES },
    params: { id: { format: 'uuid', description: "the order's id" } },
    query: DownloadQuery,
    body: DownloadBody,
    result: DownloadResult,
    summary: 'A zip of the selected (or all) images: answers { url, fileName, expiresAt, imageCount }',
    description:
      'Optimized pictures by default (`media: original` for the originals), only those requiring edition with `needsEditionOnly`. ' +
      'Files are named `{orderName}-{position}.jpg`, or `{position}-{angle}.jpg` with `?downloadStyleGuide=true`.',
  }),
  downloadOne: defineRoute({
    method: 'GET',
    path: '/images/download/:id',
    access: { roles: ALL_ROLES },
    params: { id: { format: 'uuid', description: "the image's id" } },
    result: UrlResult,
    summary: 'A short-lived link to one optimized picture',
  }),
  downloadMedia: defineRoute({
    method: 'GET',
    path: '/images/downloadMedia/:orderId/:imageId',
    access: { roles: ['Admin', 'QA'] },
    query: DownloadMediaQuery,
    result: UrlResult,
    summary: 'A short-lived link to the original or the optimized picture of an image (`media`)',
  }),
};

export const ReEditRequestsRoutes = {
  create: defineRoute({
    method: 'POST',
    path: '/images/:imageId/re-edit-requests',
    access: { roles: ['Dealership', 'Management'] },
    body: ReEditRequestBody,
    result: ReEditRequestView,
    resultDescription: 'the open request',
    summary: "Ask QA to edit a processed picture again, with a reason and free text (the order's own account)",
    description:
      'A dealership (or its signed-in sales person), or a management account on its own orders. The picture is marked as needing edition and ' +
      'the request is due after the app setting RE_EDIT_DUE_HOURS (default 4 hours). `text` is required for the reason `other`. ' +
      "Another account's picture is 404, a child account's order 403, a picture not processed or with an open request already 409. " +
      'Admin and QA mark pictures for edition instead (403).',
  }),
  decline: defineRoute({
    method: 'POST',
    path: '/images/re-edit-requests/:id/decline',
    status: 200,
    access: { roles: ['Admin', 'QA'] },
    body: ReEditDeclineBody,
    result: ReEditRequestView,
    resultDescription: 'the declined request',
    summary: "Decline an open re-edit request with an answer the dealership sees (the picture gets back QA's earlier approval)",
    description: '409 when the request was already answered (QA approved the picture again, or declined it).',
  }),
  ofOrder: defineRoute({
    method: 'GET',
    path: '/images/re-edit-requests/order/:orderId',
    access: { roles: ALL_ROLES },
    result: [ReEditRequestView],
    summary: "An order's re-edit requests, newest first (whoever sees the order)",
  }),
};

export const VideosRoutes = {
  signedUpload: defineRoute({
    method: 'POST',
    path: '/videos/get-signed-url-for-upload',
    access: { roles: ALL_ROLES },
    body: VideoSignedUploadBody,
    result: VideoSignedUploadResult,
    resultDescription: 'where and how to upload the video',
    summary: 'Start the upload of a video: answers { url, fields, videoId, expiresAt }',
    description: 'Post `fields` (JSON text) plus the file (as `file`, last) to `url`; then `POST /videos/upload-complete`. MP4, QuickTime or WebM.',
  }),
  uploadComplete: defineRoute({
    method: 'POST',
    path: '/videos/upload-complete',
    status: 200,
    access: { roles: ALL_ROLES },
    body: VideoUploadCompleteBody,
    result: VideoView,
    resultDescription: 'the accepted video',
    idempotent: true,
    summary: 'The video is posted: checked, its 225 px thumbnail made; answers the video (400 with the reason when refused)',
  }),
  ofOrder: defineRoute({
    method: 'GET',
    path: '/videos/order/:id',
    access: { roles: ALL_ROLES },
    result: [VideoView],
    summary: "An order's videos with thumbnails; an empty list when it has none",
  }),
  download: defineRoute({
    method: 'POST',
    path: '/videos/download/:id',
    status: 200,
    access: { roles: ALL_ROLES },
    result: UrlResult,
    summary: 'A short-lived link to download a video: answers { url, expiresAt }',
  }),
};

export const Media360Routes = {
  signedUpload: defineRoute({
    method: 'POST',
    path: '/media360/get-signed-urls-for-upload',
    access: { roles: ALL_ROLES },
    body: Media360SignedUploadBody,
    result: Media360SignedUploadResult,
    resultDescription: 'where and how to upload each frame',
    summary: 'Start the upload of a 360: answers { media360Id, frames: [{ url, fields }], expiresAt }',
    description:
      'exterior360: 24 to 72 JPEG or PNG frames in their order around the car, each at most 8 MB and 4032 px on a side, all of one size; interior360: one equirectangular JPEG or PNG panorama (width twice the height, 1024 to 8192 px wide, at most 25 MB). Post each frame\'s `fields` (JSON text) plus the file (as `file`, last) to its `url`; then `POST /media360/upload-complete`. The owner may add 360s until the order is completed; admin and QA at any time.',
  }),
  uploadComplete: defineRoute({
    method: 'POST',
    path: '/media360/upload-complete',
    status: 200,
    access: { roles: ALL_ROLES },
    body: Media360UploadCompleteBody,
    result: Media360View,
    resultDescription: 'the accepted 360',
    summary: 'Every frame is posted: each is checked and kept without its private metadata; answers the 360',
    description: '400 with the reason when a frame is refused (the 360 is then refused whole); 409 while a frame has not arrived (call again once it is posted).',
  }),
  ofOrder: defineRoute({
    method: 'GET',
    path: '/media360/order/:id',
    access: { roles: ALL_ROLES },
    result: [Media360View],
    summary: "An order's 360s with links to their frames, oldest first; an empty list when it has none",
  }),
};
