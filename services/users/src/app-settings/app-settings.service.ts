import { APP_SETTING_MESSAGES, normaliseSettingValue, RpcError, type Actor, type AppSettingView, type CreateAppSettingBody, type UpdateAppSettingPayload } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AccountAccess } from '../access/account-access';
import { AppSetting } from './app-setting.entity';
import { AppSettingsRepository } from './app-settings.repository';

export const toAppSettingView = (s: AppSetting): AppSettingView => ({
  name: s.name,
  value: s.value,
  valueType: s.valueType,
  category: s.category,
  settingType: s.settingType,
});

/** The value as kept, or a 400 naming the form the setting takes. */
function checkedValue(value: string, s: Pick<AppSetting, 'name' | 'valueType' | 'settingType'>): string {
  const kept = normaliseSettingValue(value, s.valueType, s.settingType);
  if (kept === null) {
    throw RpcError.badRequest(s.settingType === 'MULTI_VALUE' ? APP_SETTING_MESSAGES.wrongValues(s.name, s.valueType) : APP_SETTING_MESSAGES.wrongValue(s.name, s.valueType));
  }
  return kept;
}

/**
 * App settings. Every signed-in user reads them (the web app's footer shows
 * the contact settings); only the admin adds a setting or changes a value, which must read as
 * the setting's type (each item of a MULTI_VALUE setting).
 */
@Injectable()
export class AppSettingsService {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly settings: AppSettingsRepository,
  ) {}

  async list(actor: Actor): Promise<AppSettingView[]> {
    AccountAccess.assertSignedIn(actor);
    const rows = await this.settings.all(this.ds.manager);
    return rows.map(toAppSettingView);
  }

  async update(actor: Actor, p: UpdateAppSettingPayload): Promise<AppSettingView> {
    AccountAccess.assertAdmin(actor);
    const setting = await this.settings.byName(this.ds.manager, p.name);
    if (!setting) throw RpcError.notFound(APP_SETTING_MESSAGES.notFound);
    setting.value = checkedValue(p.value, setting);
    return toAppSettingView(await this.settings.save(this.ds.manager, setting));
  }

  /** `POST /appSettings` (admin): a new setting; 409 when the name is taken (the unique name decides between two at once). */
  async create(actor: Actor, p: CreateAppSettingBody): Promise<AppSettingView> {
    AccountAccess.assertAdmin(actor);
    const settingType = p.settingType ?? 'SINGLE_VALUE';
    const value = checkedValue(p.value, { name: p.name, valueType: p.valueType, settingType });
    const row = this.ds.manager.create(AppSetting, { name: p.name, value, valueType: p.valueType, category: p.category ?? null, settingType });
    const saved = await this.settings.insert(this.ds.manager, row);
    if (!saved) throw RpcError.conflict(APP_SETTING_MESSAGES.exists(p.name));
    return toAppSettingView(saved);
  }
}
