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
import { Routes } from '@app/contracts/http';
import { RpcClient } from '@app/messaging';
import { Body, Controller, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses } from '../common/api-responses';
import { Operation } from '../common/operation.decorator';
import { UuidParam } from '../common/params';

/** how long the server's check of an upload may take (it reads the file and its pixels) */
const CHECK_TIMEOUT_MS = 60_000;
/** how long building a zip may take: it streams every image of the order through S3 */
const ZIP_TIMEOUT_MS = 5 * 60_000;

/** The pictures of orders: direct uploads, QA's tools, views and downloads (routes: `Routes.images`). */
@ApiTags('images')
@ApiErrorResponses()
@Controller()
export class ImagesController {
  constructor(private readonly rpc: RpcClient) {}

  @Operation(Routes.images.signedUpload)
  signedUpload(@Body() body: SignedUploadBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImagesRpc.signedUpload, body, actor);
  }

  @Operation(Routes.images.uploadComplete)
  uploadComplete(@Body() body: UploadCompleteBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImagesRpc.uploadComplete, body, actor, { timeoutMs: CHECK_TIMEOUT_MS });
  }

  @Operation(Routes.images.insert)
  insert(@Body() body: InsertImageBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImagesRpc.insert, body, actor);
  }

  @Operation(Routes.images.replaceUpload)
  replaceUpload(@UuidParam('id') id: string, @Body() body: ReplaceImageBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImagesRpc.replaceUpload, { id, ...body }, actor);
  }

  @Operation(Routes.images.replaceComplete)
  replaceComplete(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImagesRpc.replaceComplete, { id }, actor, { timeoutMs: CHECK_TIMEOUT_MS });
  }

  @Operation(Routes.images.get)
  get(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImagesRpc.get, { id }, actor);
  }

  @Operation(Routes.images.ofOrder)
  ofOrder(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImagesRpc.ofOrder, { id }, actor);
  }

  @Operation(Routes.images.versions)
  versions(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImageVersionsRpc.list, { id }, actor);
  }

  @Operation(Routes.images.restoreVersion)
  restoreVersion(@UuidParam('id') id: string, @UuidParam('versionId') versionId: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImageVersionsRpc.restore, { id, versionId }, actor, { timeoutMs: CHECK_TIMEOUT_MS });
  }

  @Operation(Routes.images.approval)
  approval(@UuidParam('id') id: string, @Body() body: ApprovalBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImagesRpc.approval, { id, approved: body.approved, errorTagId: body.errorTagId }, actor);
  }

  @Operation(Routes.images.updateApproval)
  updateApproval(@UuidParam('id') id: string, @Body() body: ApprovalBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImagesRpc.approval, { id, approved: body.approved, errorTagId: body.errorTagId }, actor);
  }

  @Operation(Routes.images.delete)
  delete(@Body() body: DeleteImagesBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImagesRpc.delete, body, actor);
  }

  /** a repush; the handler's name makes the operation id it was published with (ImagesController_optimize) */
  @Operation(Routes.images.optimize)
  optimize(@Body() body: ImageIdBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImagesRpc.repush, body, actor);
  }

  @Operation(Routes.images.repush)
  repushWithSettings(@Body() body: RepushBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImagesRpc.repushWithSettings, body, actor);
  }

  @Operation(Routes.images.download)
  download(@UuidParam('id') orderId: string, @Query() query: DownloadQuery, @Body() body: DownloadBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImagesRpc.download, { ...body, orderId, downloadStyleGuide: query.downloadStyleGuide }, actor, { timeoutMs: ZIP_TIMEOUT_MS });
  }

  @Operation(Routes.images.downloadOne)
  downloadOne(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(ImagesRpc.downloadOne, { imageId: id, media: 'optimized' }, actor);
  }

  @Operation(Routes.images.downloadMedia)
  downloadMedia(
    @UuidParam('orderId') orderId: string,
    @UuidParam('imageId') imageId: string,
    @Query() query: DownloadMediaQuery,
    @CurrentActor() actor: Actor,
  ) {
    return this.rpc.send(ImagesRpc.downloadOne, { orderId, imageId, media: query.media ?? 'optimized' }, actor);
  }
}
