import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AppSetting } from './app-setting.entity';

/** The installation's settings (`app_setting`). */
@Injectable()
export class AppSettingsRepository {
  all(manager: EntityManager): Promise<AppSetting[]> {
    return manager.find(AppSetting, { order: { name: 'ASC' } });
  }

  byName(manager: EntityManager, name: string): Promise<AppSetting | null> {
    return manager.findOne(AppSetting, { where: { name } });
  }

  /** A new setting, or null when one of that name exists (the unique name decides). */
  async insert(manager: EntityManager, setting: AppSetting): Promise<AppSetting | null> {
    const result = await manager.createQueryBuilder().insert().into(AppSetting).values(setting).orIgnore().returning('id').execute();
    if (!(result.raw as unknown[]).length) return null;
    return manager.findOne(AppSetting, { where: { name: setting.name } });
  }

  save(manager: EntityManager, setting: AppSetting): Promise<AppSetting> {
    return manager.save(AppSetting, setting);
  }
}
