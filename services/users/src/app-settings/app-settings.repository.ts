import type { EntityManager } from 'typeorm';
import { AppSetting } from './app-setting.entity';

/** Queries on the installation's settings. */
export class AppSettingsRepository {
  static all(manager: EntityManager): Promise<AppSetting[]> {
    return manager.find(AppSetting, { order: { name: 'ASC' } });
  }
}
