import type { ServiceApp } from '@app/service-kit';
import { StorageModule } from '@app/storage';
import { Module } from '@nestjs/common';
import { StyleGuideAccess } from './access/style-guide-access';
import { Angle } from './catalogue/angle.entity';
import { AnglesRepository } from './catalogue/angles.repository';
import { CarType } from './catalogue/car-type.entity';
import { CarTypesRepository } from './catalogue/car-types.repository';
import { CatalogueMessagesController } from './catalogue/catalogue.messages.controller';
import { CatalogueService } from './catalogue/catalogue.service';
import { Configuration } from './configurations/configuration.entity';
import { ConfigurationsMessagesController } from './configurations/configurations.messages.controller';
import { ConfigurationsRepository } from './configurations/configurations.repository';
import { ConfigurationsService } from './configurations/configurations.service';
import { DemoSeed } from './demo/demo-seed';
import { MediaMessagesController } from './media/media.messages.controller';
import { MediaRepository } from './media/media.repository';
import { MediaService } from './media/media.service';
import { UploadLeftoverSweeper } from './media/upload-leftover-sweeper';
import { UtilityMedia } from './media/utility-media.entity';
import { StyleGuides1763900000000 } from './migrations/1763900000000-style-guides';
import { MediaUploadKey1763900000001 } from './migrations/1763900000001-media-upload-key';
import { MediaUploadLeftover1763900000002 } from './migrations/1763900000002-media-upload-leftover';
import { StyleGuideWindows1765000002000 } from './migrations/1765000002000-style-guide-windows';
import { StyleGuideNumberPlates1765000003000 } from './migrations/1765000003000-style-guide-number-plates';
import { AccountCleanupConsumer } from './style-guides/account-cleanup.consumer';
import { PipelineSettingsService } from './style-guides/pipeline-settings.service';
import { StyleGuide } from './style-guides/style-guide.entity';
import { StyleGuideViews } from './style-guides/style-guide-views';
import { StyleGuidesMessagesController } from './style-guides/style-guides.messages.controller';
import { StyleGuidesRepository } from './style-guides/style-guides.repository';
import { StyleGuidesService } from './style-guides/style-guides.service';
import { StyleGuidesConfig } from './style-guides.config';

import { StatisticsExportMessagesController } from './statistics-export/statistics-export.messages.controller';
import { StatisticsExportService } from './statistics-export/statistics-export.service';
import { StyleGuidesExportRepository } from './statistics-export/style-guides-export.repository';
import { StyleGuideEvents } from './style-guides/style-guide-events';

@Module({
  controllers: [StatisticsExportMessagesController, StyleGuidesMessagesController, ConfigurationsMessagesController, CatalogueMessagesController, MediaMessagesController],
  providers: [
    StyleGuideAccess,
    StyleGuidesRepository,
    ConfigurationsRepository,
    AnglesRepository,
    CarTypesRepository,
    MediaRepository,
    MediaService,
    UploadLeftoverSweeper,
    StyleGuideViews,
    StyleGuidesService,
    StyleGuideEvents,
    StyleGuidesExportRepository,
    StatisticsExportService,
    ConfigurationsService,
    CatalogueService,
    PipelineSettingsService,
    DemoSeed,
    AccountCleanupConsumer,
  ],
})
class StyleGuidesFeatureModule {}

/** The style-guides service: owns style guides, configurations, angles, car types and utility media. */
export const styleGuidesApp: ServiceApp<StyleGuidesConfig> = {
  definition: {
    name: 'style-guides',
    entities: [UtilityMedia, Angle, CarType, StyleGuide, Configuration],
    migrations: [StyleGuides1763900000000, MediaUploadKey1763900000001, MediaUploadLeftover1763900000002, StyleGuideWindows1765000002000, StyleGuideNumberPlates1765000003000],
  },
  modules: (config) => [StorageModule.forRoot(config), StyleGuidesFeatureModule],
};
