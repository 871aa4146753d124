import { Global, Module, type DynamicModule } from '@nestjs/common';
import { StorageService, type StorageEnv } from './storage.service';

/** Provides StorageService to a service's modules, with the bucket ensured at boot. */
@Global()
@Module({})
export class StorageModule {
  static forRoot(config: StorageEnv): DynamicModule {
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
