import { PROCESS_HEALTH, type ProcessHealth } from '@app/ops';
import { Global, Module, type DynamicModule } from '@nestjs/common';
import { StorageService, type StorageEnv } from './storage.service';

/**
 * Provides StorageService to a service's modules, with the bucket ensured at boot (unless
 * `ensureBucket` is false: a service that only signs links need not reach S3 to start).
 * A service that reaches S3 (`ensureBucket`) is ready only while a HEAD of its bucket
 * answers: the `storage` readiness check, added when the process has a health (`PROCESS_HEALTH`).
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
          inject: [{ token: PROCESS_HEALTH, optional: true }],
          useFactory: async (health?: ProcessHealth) => {
            const storage = StorageService.fromConfig(config);
            if (ensureBucket) {
              await storage.ensureBucket();
              health?.readiness.add('storage', () => storage.checkBucket());
            }
            return storage;
          },
        },
      ],
      exports: [StorageService],
    };
  }
}
