import { APP_SETTING_MESSAGES, isValidSettingValue, RpcError, type Actor, type AppSettingView, type UpdateAppSettingPayload } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AccountAccess } from '../access/account-access';
import type { AppSetting } from './app-setting.entity';
import { AppSettingsRepository } from './app-settings.repository';

export const toAppSettingView = (s: AppSetting): AppSettingView => ({ name: s.name, value: s.value, valueType: s.valueType });

/**
 * App settings. Every signed-in user reads them (the web app's footer shows
 * the contact settings); only the admin changes a value, which must read as the setting's type.
 */
@Injectable()
export class AppSettingsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly settings: AppSettingsRepository,
  ) {}

  async list(actor: Actor): Promise<AppSettingView[]> {
    if (actor.role === 'Anonymous') throw RpcError.unauthorized();
    const rows = await this.settings.all(this.ds.manager);
    return rows.map(toAppSettingView);
  }

  async update(actor: Actor, p: UpdateAppSettingPayload): Promise<AppSettingView> {
    AccountAccess.assertAdmin(actor);
    const setting = await this.settings.byName(this.ds.manager, p.name);
    if (!setting) throw RpcError.notFound(APP_SETTING_MESSAGES.notFound);
    const value = setting.valueType === 'string' ? p.value.trim() : p.value.trim().toLowerCase();
    if (!isValidSettingValue(value, setting.valueType)) throw RpcError.badRequest(APP_SETTING_MESSAGES.wrongValue(setting.name, setting.valueType));
    setting.value = value;
    return toAppSettingView(await this.settings.save(this.ds.manager, setting));
  }
}
