import type { ServiceApp } from '@app/service-kit';
import { StorageModule } from '@app/storage';
import { Module } from '@nestjs/common';
import { OrderAccessService } from './access/order-access';
import { DemoSeed } from './demo/demo-seed';
import { DownloadBundle } from './downloads/download-bundle.entity';
import { DownloadBundlesRepository } from './downloads/download-bundles.repository';
import { DownloadsMessagesController } from './downloads/downloads.messages.controller';
import { DownloadsService } from './downloads/downloads.service';
import { ZipBundleFiles } from './downloads/zip-bundle-files';
import { Image } from './images/image.entity';
import { ImageFiles } from './images/image-files';
import { ImageViews } from './images/image-views';
import { ImagesMessagesController } from './images/images.messages.controller';
import { ImagesRepository } from './images/images.repository';
import { ImagesService } from './images/images.service';
import { AccountDeletedConsumer } from './images/account-deleted.consumer';
import { OrderDeletedConsumer } from './images/order-deleted.consumer';
import { OrderEventsWriter } from './images/order-events.writer';
import { OrderProgressRepository } from './images/order-progress.repository';
import { ThumbnailBackfill } from './images/thumbnail-backfill';
import { ImagesConfig } from './images.config';
import { ImageLabelDerived1764100000001 } from './migrations/1764100000001-image-label-derived';
import { Images1764100000000 } from './migrations/1764100000000-images';
import { OrderThumbnailSent1764100000002 } from './migrations/1764100000002-order-thumbnail-sent';
import { VideoFileKey1764100000003 } from './migrations/1764100000003-video-file-key';
import { UploadLeftover1764100000004 } from './migrations/1764100000004-upload-leftover';
import { ReEditRequests1764100000050 } from './migrations/1764100000050-re-edit-requests';
import { ImageVersions1764100000010 } from './migrations/1764100000010-image-versions';
import { ProcessedJobsKept1764700000400 } from './migrations/1764700000400-processed-jobs-kept';
import { SharedOriginalKey1764800000110 } from './migrations/1764800000110-shared-original-key';
import { ListThumbKey1764900000120 } from './migrations/1764900000120-list-thumb-key';
import { TestRunFailures1765000000201 } from './migrations/1765000000201-test-run-failures';
import { OrderPictureSent1765000000502 } from './migrations/1765000000502-order-picture-sent';
import { OrderImageIdsSent1765000001200 } from './migrations/1765000001200-order-image-ids-sent';
import { ImageNumberPlates1765000003100 } from './migrations/1765000003100-image-number-plates';
import { PipelineJobsService } from './pipeline-results/pipeline-jobs.service';
import { PipelineResultsConsumer } from './pipeline-results/pipeline-results.consumer';
import { ReEditRequest } from './re-edit-requests/re-edit-request.entity';
import { ReEditRequestsMessagesController } from './re-edit-requests/re-edit-requests.messages.controller';
import { ReEditRequestsRepository } from './re-edit-requests/re-edit-requests.repository';
import { ReEditRequestsService } from './re-edit-requests/re-edit-requests.service';
import { CompleteUploadService } from './uploads/complete-upload.service';
import { PendingUploadsRepository } from './uploads/pending-uploads.repository';
import { ReplaceImageService } from './uploads/replace-image.service';
import { StartUploadService } from './uploads/start-upload.service';
import { UploadSweeper } from './uploads/upload-sweeper';
import { UploadsMessagesController } from './uploads/uploads.messages.controller';
import { Demo360Seed } from './demo/demo-360';
import { Media360 } from './media360/media360.entity';
import { Media360Files } from './media360/media360-files';
import { Media360MessagesController } from './media360/media360.messages.controller';
import { Media360Repository } from './media360/media360.repository';
import { Media360Service } from './media360/media360.service';
import { Media3601765000000700 } from './migrations/1765000000700-media360';
import { Video } from './videos/video.entity';
import { requireFfmpeg } from './videos/ffmpeg-check';
import { VideoFiles } from './videos/video-files';
import { VideosMessagesController } from './videos/videos.messages.controller';
import { VideosRepository } from './videos/videos.repository';
import { VideosService } from './videos/videos.service';
import { ImageVersion } from './versions/image-version.entity';
import { ImageVersionFiles } from './versions/image-version-files';
import { ImageVersionsMessagesController } from './versions/image-versions.messages.controller';
import { ImageVersionsRepository } from './versions/image-versions.repository';
import { ImageVersionsService } from './versions/image-versions.service';
import { VersionAuthors } from './versions/version-authors';
import { VersionRecorder } from './versions/version-recorder';

import { ImagesExportRepository } from './statistics-export/images-export.repository';
import { StatisticsExportMessagesController } from './statistics-export/statistics-export.messages.controller';
import { StatisticsExportService } from './statistics-export/statistics-export.service';

@Module({
  controllers: [StatisticsExportMessagesController, ImagesMessagesController, UploadsMessagesController, DownloadsMessagesController, VideosMessagesController, Media360MessagesController, ReEditRequestsMessagesController, ImageVersionsMessagesController],
  providers: [
    ImagesExportRepository,
    StatisticsExportService,
    ImagesRepository,
    VideosRepository,
    DownloadBundlesRepository,
    OrderProgressRepository,
    PendingUploadsRepository,
    OrderAccessService,
    ImageFiles,
    ImageViews,
    OrderEventsWriter,
    PipelineJobsService,
    ImagesService,
    StartUploadService,
    CompleteUploadService,
    ReplaceImageService,
    DownloadsService,
    ZipBundleFiles,
    VideoFiles,
    VideosService,
    Media360Repository,
    Media360Files,
    Media360Service,
    PipelineResultsConsumer,
    OrderDeletedConsumer,
    AccountDeletedConsumer,
    UploadSweeper,
    DemoSeed,
    Demo360Seed,
    ThumbnailBackfill,
    ReEditRequestsRepository,
    ReEditRequestsService,
    ImageVersionsRepository,
    ImageVersionFiles,
    VersionAuthors,
    VersionRecorder,
    ImageVersionsService,
  ],
})
class ImagesFeatureModule {}

/** The images service: owns images, videos, uploads, approvals and download bundles. */
export const imagesApp: ServiceApp<ImagesConfig> = {
  definition: {
    name: 'images',
    entities: [Image, Video, Media360, DownloadBundle, ReEditRequest, ImageVersion],
    migrations: [Images1764100000000, ImageLabelDerived1764100000001, OrderThumbnailSent1764100000002, VideoFileKey1764100000003, UploadLeftover1764100000004, ReEditRequests1764100000050, ImageVersions1764100000010, ProcessedJobsKept1764700000400, SharedOriginalKey1764800000110, ListThumbKey1764900000120, TestRunFailures1765000000201, OrderPictureSent1765000000502, Media3601765000000700, OrderImageIdsSent1765000001200, ImageNumberPlates1765000003100],
  },
  modules: (config) => [StorageModule.forRoot(config), ImagesFeatureModule],
  // every uploaded video is checked with ffmpeg: the service does not start without it
  preflight: async (config) => {
    await requireFfmpeg(config.FFMPEG_PATH);
  },
};
