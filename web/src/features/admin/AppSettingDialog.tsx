import {
  APP_SETTING_CATEGORIES,
  APP_SETTING_NAME_PATTERN,
  APP_SETTING_TYPES,
  APP_SETTING_VALUE_MAX_LENGTH,
  APP_SETTING_VALUE_TYPES,
  normaliseSettingValue,
  type AppSettingCategory,
  type AppSettingType,
  type AppSettingValueType,
  type AppSettingView,
} from '@app/contracts/wire';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { appSettingsKeys, createAppSetting, updateAppSetting } from '../../api/appSettings';
import { FormField } from '../../components/form/FormField';
import { FormDialog } from '../../components/form/FormDialog';
import { useForm } from '../../components/form/useForm';
import type { FieldErrors } from '../../utils/fieldError';

export interface AppSettingForm {
  name: string;
  value: string;
  valueType: AppSettingValueType;
  /** '' for none */
  category: AppSettingCategory | '';
  settingType: AppSettingType;
}

/**
 * The form's rules, the server's own: a name like CONTACT_EMAIL (when adding), and a value
 * that reads as the valueType (each item, separated by commas, of a MULTI_VALUE setting); a
 * text value may be empty, a number, a date or a boolean may not.
 */
export function validateAppSetting(v: AppSettingForm, creating: boolean): FieldErrors<AppSettingForm> {
  const errors: FieldErrors<AppSettingForm> = {};
  if (creating) {
    if (!v.name.trim()) errors.name = { key: 'validation.required' };
    else if (!APP_SETTING_NAME_PATTERN.test(v.name.trim())) errors.name = { key: 'admin.appSettings.nameFormat' };
  }
  if (v.value.length > APP_SETTING_VALUE_MAX_LENGTH) errors.value = { key: 'validation.maxLength', values: { max: APP_SETTING_VALUE_MAX_LENGTH } };
  else if (v.valueType !== 'string' && !v.value.trim()) errors.value = { key: 'validation.required' };
  else if (normaliseSettingValue(v.value, v.valueType, v.settingType) === null) {
    errors.value = { key: v.settingType === 'MULTI_VALUE' ? 'admin.appSettings.invalidList' : 'validation.invalid' };
  }
  return errors;
}

/**
 * Adds an app setting (no `setting`) or edits one's value, with an input that fits its
 * valueType: a switch for a single boolean (sent as "true"/"false"), a number field, a date
 * field (YYYY-MM-DD) or a text field; a MULTI_VALUE setting takes its values separated by
 * commas. Dates and numbers are checked here as the server checks them; the server's 400 or
 * 409 message shows under the field and in the toast. A save refreshes the grid and the
 * shared settings list (the footer reads it).
 */
export function AppSettingDialog({ setting, onClose }: { setting: AppSettingView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const creating = setting === null;
  const form = useForm<AppSettingForm, AppSettingView>({
    initialValues: setting
      ? { name: setting.name, value: setting.value, valueType: setting.valueType, category: setting.category ?? '', settingType: setting.settingType }
      : { name: '', value: '', valueType: 'string', category: '', settingType: 'SINGLE_VALUE' },
    validate: (v) => validateAppSetting(v, creating),
    action: t(creating ? 'admin.appSettings.create' : 'admin.appSettings.save'),
    mutationFn: (v) => {
      const value = v.valueType === 'string' && v.settingType === 'SINGLE_VALUE' ? v.value : v.value.trim();
      if (!creating) return updateAppSetting(setting.name, value);
      return createAppSetting({ name: v.name.trim(), value, valueType: v.valueType, category: v.category || null, settingType: v.settingType });
    },
    serverErrorField: (error) => (error.statusCode === 409 ? 'name' : error.statusCode === 400 ? (creating && /^name /.test(error.message) ? 'name' : 'value') : undefined),
    onSuccess: async (saved) => {
      queryClient.setQueryData<AppSettingView[]>(appSettingsKeys.list(), (old) =>
        creating ? [...(old ?? []), saved].sort((a, b) => a.name.localeCompare(b.name)) : old?.map((s) => (s.name === saved.name ? saved : s)),
      );
      await queryClient.invalidateQueries({ queryKey: appSettingsKeys.list() });
      await queryClient.invalidateQueries({ queryKey: appSettingsKeys.grid() });
      onClose();
    },
  });
  const v = form.values;
  const label = t('admin.appSettings.fields.value');
  const error = form.error('value', label);
  const multi = v.settingType === 'MULTI_VALUE';
  const inputType = multi ? 'text' : v.valueType === 'number' ? 'number' : v.valueType === 'date' ? 'date' : 'text';
  // a new type or arity: the value typed for the old one no longer fits
  const retype = (patch: Partial<AppSettingForm>) =>
    form.setValues((current) => {
      const next = { ...current, ...patch };
      return { ...next, value: next.valueType === 'boolean' && next.settingType === 'SINGLE_VALUE' ? 'false' : next.valueType === current.valueType ? current.value : '' };
    });

  return (
    <FormDialog
      form={form}
      title={creating ? t('admin.appSettings.create') : t('admin.editTitle', { title: setting.name })}
      submitLabel={t(creating ? 'buttons.create' : 'buttons.save')}
      onClose={onClose}
    >
      {creating && (
        <>
          <FormField {...form.field('name', t('fields.name'))} required autoFocus helperText={t('admin.appSettings.nameHelp')} />
          <FormField {...form.field('valueType', t('admin.appSettings.fields.valueType'))} select onChange={(e) => retype({ valueType: e.target.value as AppSettingValueType })}>
            {APP_SETTING_VALUE_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`admin.appSettings.valueTypes.${type}`)}
              </MenuItem>
            ))}
          </FormField>
          <FormField {...form.field('settingType', t('admin.appSettings.fields.settingType'))} select onChange={(e) => retype({ settingType: e.target.value as AppSettingType })}>
            {APP_SETTING_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {t(`admin.appSettings.settingTypes.${type}`)}
              </MenuItem>
            ))}
          </FormField>
          <FormField {...form.field('category', t('admin.appSettings.fields.category'))} select slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}>
            <MenuItem value="">{t('admin.appSettings.noCategory')}</MenuItem>
            {APP_SETTING_CATEGORIES.map((category) => (
              <MenuItem key={category} value={category}>
                {t(`admin.appSettings.categories.${category}`)}
              </MenuItem>
            ))}
          </FormField>
        </>
      )}
      {v.valueType === 'boolean' && !multi ? (
        <>
          <FormControlLabel
            sx={{ display: 'flex', mt: 1 }}
            control={<Switch checked={v.value === 'true'} onChange={(e) => form.setValue('value', e.target.checked ? 'true' : 'false')} />}
            label={label}
          />
          {error && (
            <Typography variant="caption" color="error" role="alert">
              {error}
            </Typography>
          )}
        </>
      ) : (
        <FormField
          {...form.field('value', label)}
          autoFocus={!creating}
          type={inputType}
          helperText={multi ? t('admin.appSettings.listHelp') : undefined}
          slotProps={inputType === 'date' ? { inputLabel: { shrink: true } } : undefined}
        />
      )}
    </FormDialog>
  );
}
