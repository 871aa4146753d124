import {
  ApprovalBody,
  DeleteImagesBody,
  DownloadBody,
  DownloadMediaQuery,
  DownloadQuery,
  ImageIdBody,
  ImagesRpc,
  ImageVersionsRpc,
  InsertImageBody,
  ReplaceImageBody,
  RepushBody,
  SignedUploadBody,
  UploadCompleteBody,
  type Actor,
} from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ALL_ROLES, Authenticated } from '../auth/authenticated.decorator';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses, ApiResult } from '../common/api-responses';
import { DownloadResult, ImagesDeletedResult, ImageVersionView, ImageView, SignedUploadResult, UrlResult } from './images.responses';
import { UuidParam } from '../common/params';

/** how long the server's check of an upload may take (it reads the file and its pixels) */
const CHECK_TIMEOUT_MS = 60_000;
/** how long building a zip may take: it streams every image of the order through S3 */
const ZIP_TIMEOUT_MS = 5 * 60_000;

/** The pictures of orders: direct uploads, QA's tools, views and downloads. */
@ApiTags('images')
@ApiErrorResponses()
@Controller('images')
export class ImagesController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiResult(SignedUploadResult, 'where and how to upload the file')
  @Post('get-signed-url-for-upload')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({
    summary: 'Start the upload of one picture: answers { url, fields, imageId, expiresAt }',
    description:
      'Post `fields` (JSON text: parse it) plus the file (as `file`, last) as multipart/form-data to `url` within the expiry. ' +
      'The policy fixes the key, the content type and at most 8388608 bytes. Then call `POST /images/upload-complete` with the imageId ' +
      '(or let the server find the file: it looks every few seconds). A position of a style-guide order must be one of the guide\'s ' +
      'positions (any position when the guide has none); only while the order is Uploading, except for admin and QA.',
  })
  signedUpload(@Body() body: SignedUploadBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImagesRpc.signedUpload, body, actor);
  }

  @ApiResult(ImageView, 'the accepted image')
  @Post('upload-complete')
  @HttpCode(200)
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({
    summary: 'The file of an image is posted: the server checks it and answers the image',
    description: 'Refused files (not an image, over 8388608 bytes, over 4032x3024) answer 400 with the reason; 409 while nothing has arrived.',
  })
  uploadComplete(@Body() body: UploadCompleteBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImagesRpc.uploadComplete, body, actor, { timeoutMs: CHECK_TIMEOUT_MS });
  }

  @ApiResult(SignedUploadResult, 'where and how to upload the file')
  @Post('insert-image-on-order')
  @Authenticated({ roles: ['Admin', 'QA'] })
  @ApiOperation({
    summary: 'QA adds a picture to an order: answers a presigned upload like get-signed-url-for-upload',
    description: 'mediaOrigin `original` goes through the pipeline; `optimized` is a finished picture, shown as it is.',
  })
  insert(@Body() body: InsertImageBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImagesRpc.insert, body, actor);
  }

  @ApiResult(SignedUploadResult, 'where and how to upload the replacement')
  @Post('replace-image/:id')
  @Authenticated({ roles: ['Admin', 'QA'] })
  @ApiOperation({ summary: 'Start replacing the optimized picture of an image: answers a presigned upload' })
  replaceUpload(@UuidParam('id') id: string, @Body() body: ReplaceImageBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImagesRpc.replaceUpload, { id, ...body }, actor);
  }

  @ApiResult(ImageView, 'the image with its new picture')
  @Post('replace-image/:id/complete')
  @HttpCode(200)
  @Authenticated({ roles: ['Admin', 'QA'] })
  @ApiOperation({ summary: 'The replacement is posted: checked, swapped in with a new thumbnail; answers the image' })
  replaceComplete(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImagesRpc.replaceComplete, { id }, actor, { timeoutMs: CHECK_TIMEOUT_MS });
  }

  @ApiResult(ImageView)
  @Get('data/:id')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({ summary: 'One image with short-lived links' })
  get(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImagesRpc.get, { id }, actor);
  }

  @ApiResult([ImageView])
  @Get('order/:id')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({ summary: "An order's images by position, with short-lived links, labels and type labels" })
  ofOrder(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImagesRpc.ofOrder, { id }, actor);
  }

  @ApiResult([ImageVersionView])
  @Get(':id/versions')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({
    summary: "Every kept version of an image's picture, oldest first, with who made it, why, and short-lived links",
    description: 'The original, each pipeline output, each replacement or inserted finished picture, each restore; admin and QA also see test-pipeline outputs.',
  })
  versions(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImageVersionsRpc.list, { id }, actor);
  }

  @ApiResult([ImageVersionView], 'the history, with the restore as its newest version')
  @Post(':id/versions/:versionId/restore')
  @HttpCode(200)
  @Authenticated({ roles: ['Admin', 'QA'] })
  @ApiOperation({ summary: 'Make a kept version the optimized picture again (a new thumbnail; IMAGE_VERSION_RESTORED on the timeline)' })
  restoreVersion(@UuidParam('id') id: string, @UuidParam('versionId') versionId: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImageVersionsRpc.restore, { id, versionId }, actor, { timeoutMs: CHECK_TIMEOUT_MS });
  }

  @ApiResult(ImageView, 'the image after the decision')
  @Post('approval/:id')
  @HttpCode(200)
  @Authenticated({ roles: ['Admin', 'QA'] })
  @ApiOperation({
    summary: 'Approve an image (true) or mark it as needing edition (false)',
    description: 'With `approved: false`, `errorTagId` (an IMAGE_ERROR tag of images) is the reason: it goes on the image and in the IMAGE_DECLINED event.',
  })
  approval(@UuidParam('id') id: string, @Body() body: ApprovalBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImagesRpc.approval, { id, approved: body.approved, errorTagId: body.errorTagId }, actor);
  }

  @ApiResult(ImageView, 'the image after the decision')
  @Put('updateApproval/:id')
  @Authenticated({ roles: ['Admin', 'QA'] })
  @ApiOperation({ summary: 'Change the approval of an image (same as POST /images/approval/{id})' })
  updateApproval(@UuidParam('id') id: string, @Body() body: ApprovalBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImagesRpc.approval, { id, approved: body.approved, errorTagId: body.errorTagId }, actor);
  }

  @ApiResult(ImagesDeletedResult)
  @Delete()
  @Authenticated({ roles: ['Admin', 'QA'] })
  @ApiOperation({ summary: 'Delete images and their files (body { ids })' })
  delete(@Body() body: DeleteImagesBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImagesRpc.delete, body, actor);
  }

  @ApiResult(ImageView, 'the image, queued again')
  @Post('invoke-image-optimization')
  @HttpCode(202)
  @Authenticated({ roles: ['Admin', 'QA'] })
  // a repush; the operation id it was published with
  @ApiOperation({ operationId: 'ImagesController_optimize', summary: 'Send the original through the pipeline again (a new job)' })
  repush(@Body() body: ImageIdBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImagesRpc.repush, body, actor);
  }

  @ApiResult([ImageView], 'the images, queued again')
  @Post('repush')
  @HttpCode(202)
  @Authenticated({ roles: ['Admin', 'QA'] })
  @ApiOperation({
    summary: 'Send pictures of one order through the pipeline again with a method, a category and settings',
    description:
      'One job per image (1 to 100 ids of `orderId`); with `isImageRepushedWithSettings` the colour, margins, horizon line and the five ' +
      'switches count too. Interior: ai_no_enh, zero margins, the colour given or the guide\'s interior colour. IMAGE_REPUSHED on the ' +
      'timeline per image. 409 when one of them was just sent again by someone else (nothing is queued then).',
  })
  repushWithSettings(@Body() body: RepushBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImagesRpc.repushWithSettings, body, actor);
  }

  @ApiResult(DownloadResult)
  // `{id}` as in GET download/{id} (an image's id there): one path template, one parameter name
  @Post('download/:id')
  @HttpCode(200)
  @Authenticated({ roles: ALL_ROLES })
  @ApiParam({ name: 'id', format: 'uuid', description: "the order's id" })
  @ApiOperation({
    summary: 'A zip of the selected (or all) images: answers { url, fileName, expiresAt, imageCount }',
    description:
      'Optimized pictures by default (`media: original` for the originals), only those requiring edition with `needsEditionOnly`. ' +
      'Files are named `{orderName}-{position}.jpg`, or `{position}-{angle}.jpg` with `?downloadStyleGuide=true`.',
  })
  download(@UuidParam('id') orderId: string, @Query() query: DownloadQuery, @Body() body: DownloadBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImagesRpc.download, { ...body, orderId, downloadStyleGuide: query.downloadStyleGuide }, actor, { timeoutMs: ZIP_TIMEOUT_MS });
  }

  @ApiResult(UrlResult)
  @Get('download/:id')
  @Authenticated({ roles: ALL_ROLES })
  @ApiParam({ name: 'id', format: 'uuid', description: "the image's id" })
  @ApiOperation({ summary: 'A short-lived link to one optimized picture' })
  downloadOne(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImagesRpc.downloadOne, { imageId: id, media: 'optimized' }, actor);
  }

  @ApiResult(UrlResult)
  @Get('downloadMedia/:orderId/:imageId')
  @Authenticated({ roles: ['Admin', 'QA'] })
  @ApiOperation({ summary: 'A short-lived link to the original or the optimized picture of an image (`media`)' })
  downloadMedia(
    @UuidParam('orderId') orderId: string,
    @UuidParam('imageId') imageId: string,
    @Query() query: DownloadMediaQuery,
    @CurrentActor() actor: Actor,
  ) {
    return this.rpc.send(ImagesRpc.downloadOne, { orderId, imageId, media: query.media ?? 'optimized' }, actor);
  }
}
