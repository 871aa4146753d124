import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { appSettingsKeys, updateAppSetting } from '../../api/appSettings';
import { isApiError } from '../../api/client';
import type { AppSetting } from '../../api/types';
import { useApiMutation } from '../../api/useApiMutation';
import { FormField } from '../../components/FormField';

/** The query key root of the app settings grid (see `AppSettingsScreen`). */
export const APP_SETTINGS_GRID = 'appSettings-grid';

/**
 * Edits one app setting's value with an input that fits its valueType: a switch for boolean
 * (sent as "true"/"false"), a number field, a date field (YYYY-MM-DD) or a text field. The
 * server checks the value against the type; its 400 message shows under the field and in the
 * toast. A save refreshes the grid and the shared settings list (the footer reads it).
 */
export function AppSettingDialog({ setting, onClose }: { setting: AppSetting; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(setting.value);
  const [error, setError] = useState<string | undefined>();

  const save = useApiMutation<AppSetting, string>({
    action: t('admin.appSettings.save'),
    mutationFn: (next) => updateAppSetting(setting.name, next),
    onSuccess: async (updated) => {
      queryClient.setQueryData<AppSetting[]>(appSettingsKeys.list(), (old) => old?.map((s) => (s.name === updated.name ? updated : s)));
      await queryClient.invalidateQueries({ queryKey: appSettingsKeys.list() });
      await queryClient.invalidateQueries({ queryKey: [APP_SETTINGS_GRID] });
      onClose();
    },
    onError: (err) => {
      if (isApiError(err) && err.statusCode === 400) setError(err.message);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(setting.valueType === 'string' ? value : value.trim());
  };
  const change = (next: string) => {
    setValue(next);
    setError(undefined);
  };
  const label = t('admin.appSettings.fields.value');

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle>{t('admin.editTitle', { title: setting.name })}</DialogTitle>
        <DialogContent>
          {setting.valueType === 'boolean' ? (
            <>
              <FormControlLabel
                sx={{ display: 'flex', mt: 1 }}
                control={<Switch checked={value === 'true'} onChange={(e) => change(e.target.checked ? 'true' : 'false')} />}
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
              label={label}
              autoFocus
              type={setting.valueType === 'number' ? 'number' : setting.valueType === 'date' ? 'date' : 'text'}
              value={value}
              onChange={(e) => change(e.target.value)}
              error={error}
              slotProps={setting.valueType === 'date' ? { inputLabel: { shrink: true } } : undefined}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('buttons.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {t('buttons.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
