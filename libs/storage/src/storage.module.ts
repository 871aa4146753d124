import { Global, Module, type DynamicModule } from '@nestjs/common';
import { StorageService, type StorageEnv } from './storage.service';

/**
 * Provides StorageService to a service's modules, with the bucket ensured at boot (unless
 * `ensureBucket` is false: a service that only signs links need not reach S3 to start).
 */
@Global()
@Module({})
export class StorageModule {
  static forRoot(config: StorageEnv, { ensureBucket = true }: { ensureBucket?: boolean } = {}): DynamicModule {
    return {
      module: StorageModule,
      providers: [
        {
          provide: StorageService,
          useFactory: async () => {
            const storage = StorageService.fromConfig(config);
            if (ensureBucket) await storage.ensureBucket();
            return storage;
          },
        },
      ],
      exports: [StorageService],
    };
  }
}
