import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AppSettingView } from '@app/contracts/wire';
import { appSettingsKeys, updateAppSetting } from '../../api/appSettings';
import { FormField } from '../../components/form/FormField';
import { SubmitButton } from '../../components/form/SubmitButton';
import { useForm } from '../../components/form/useForm';

/**
 * Edits one app setting's value with an input that fits its valueType: a switch for boolean
 * (sent as "true"/"false"), a number field, a date field (YYYY-MM-DD) or a text field. The
 * server checks the value against the type; its 400 message shows under the field and in the
 * toast. A save refreshes the grid and the shared settings list (the footer reads it).
 */
export function AppSettingDialog({ setting, onClose }: { setting: AppSettingView; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { value: setting.value },
    action: t('admin.appSettings.save'),
    mutationFn: ({ value }) => updateAppSetting(setting.name, setting.valueType === 'string' ? value : value.trim()),
    serverErrorField: (error) => (error.statusCode === 400 ? 'value' : undefined),
    onSuccess: async (updated) => {
      queryClient.setQueryData<AppSettingView[]>(appSettingsKeys.list(), (old) => old?.map((s) => (s.name === updated.name ? updated : s)));
      await queryClient.invalidateQueries({ queryKey: appSettingsKeys.list() });
      await queryClient.invalidateQueries({ queryKey: appSettingsKeys.grid() });
      onClose();
    },
  });
  const label = t('admin.appSettings.fields.value');
  const error = form.error('value', label);

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <form ref={form.ref} onSubmit={form.handleSubmit()} noValidate>
        <DialogTitle>{t('admin.editTitle', { title: setting.name })}</DialogTitle>
        <DialogContent>
          {setting.valueType === 'boolean' ? (
            <>
              <FormControlLabel
                sx={{ display: 'flex', mt: 1 }}
                control={<Switch checked={form.values.value === 'true'} onChange={(e) => form.setValue('value', e.target.checked ? 'true' : 'false')} />}
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
              autoFocus
              type={setting.valueType === 'number' ? 'number' : setting.valueType === 'date' ? 'date' : 'text'}
              slotProps={setting.valueType === 'date' ? { inputLabel: { shrink: true } } : undefined}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('buttons.cancel')}</Button>
          <SubmitButton busy={form.busy}>{t('buttons.save')}</SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
