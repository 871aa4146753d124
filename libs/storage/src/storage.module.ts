import { Global, Module, type DynamicModule } from '@nestjs/common';
import { StorageService } from './storage.service';

export interface StorageModuleConfig {
  S3_ENDPOINT: string;
  S3_ACCESS_KEY: string;
  S3_SECRET_KEY: string;
  S3_BUCKET: string;
  S3_REGION: string;
  S3_PUBLIC_ENDPOINT?: string;
}

/** Provides StorageService to a service's modules, with the bucket ensured at boot. */
@Global()
@Module({})
export class StorageModule {
  static forRoot(config: StorageModuleConfig): DynamicModule {
    return {
      module: StorageModule,
      providers: [
        {
          provide: StorageService,
          useFactory: async () => {
            const storage = StorageService.fromConfig(config);
            await storage.ensureBucket();
            return storage;
          },
        },
      ],
      exports: [StorageService],
    };
  }
}
