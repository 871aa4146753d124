import { RpcError, type Actor, type AppSettingView } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AppSetting } from './app-setting.entity';
import { AppSettingsRepository } from './app-settings.repository';

export const toAppSettingView = (s: AppSetting): AppSettingView => ({ name: s.name, value: s.value, valueType: s.valueType });

/**
 * App settings (spec section 3). Every signed-in user reads them (the web app's footer shows
 * the contact settings); changing them is the admin screen's, which comes with its own issue.
 */
@Injectable()
export class AppSettingsService {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async list(actor: Actor): Promise<AppSettingView[]> {
    if (actor.role === 'Anonymous') throw RpcError.unauthorized();
    const rows = await AppSettingsRepository.all(this.ds.manager);
    return rows.map(toAppSettingView);
  }
}
