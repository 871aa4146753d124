import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { OUTPUT_FORMATS, providerSettings, type IntegrationView } from '@app/contracts/wire';
import { integrationKeys, integrationsApi } from '../../../api/integrations';
import { FormField, PasswordField } from '../../../components/form/FormField';
import { FormDialog } from '../../../components/form/FormDialog';
import { useForm } from '../../../components/form/useForm';
import { outputRulesOf, previewFiles, settingKey, settingsBody, settingsFormValues, validateSettingsForm } from './integrationRules';

/**
 * The settings of an integration's provider (host, port, folder, container, endpoint …) and
 * its output rules (positions, size, format, file names, logo and label), with the files a
 * delivery would write for a sample order, updated as the rules are typed.
 */
export function IntegrationSettingsDialog({ integration, onClose }: { integration: IntegrationView; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const queryClient = useQueryClient();
  const settings = providerSettings(integration.provider);
  const form = useForm({
    initialValues: settingsFormValues(integration),
    validate: (v) => validateSettingsForm(integration.provider, v, integration.storedSecrets ?? []),
    action: t('profile.integrations.update'),
    successMessage: t('profile.integrations.updated'),
    mutationFn: (v) => integrationsApi.update(integration.id, settingsBody(integration.provider, v)),
    onSuccess: async () => {
      onClose();
      await queryClient.invalidateQueries({ queryKey: integrationKeys.ofUser(integration.userId) });
    },
  });
  const settingLabel = (name: string) => t(`profile.integrations.settingFields.${name}` as 'profile.integrations.settingFields.host');
  const toggle = (name: string, label: string) => (
    <FormControlLabel
      key={name}
      control={<Switch checked={form.values[name] === 'true'} onChange={(e) => form.setValue(name, String(e.target.checked))} />}
      label={label}
    />
  );
  const files = previewFiles(outputRulesOf(form.values));
  const twoColumns = { display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } } as const;

  return (
    <FormDialog
      form={form}
      title={t('profile.integrations.settingsOf', { name: integration.label })}
      titleSx={{ overflowWrap: 'anywhere' }}
      submitLabel={t('buttons.save')}
      onClose={onClose}
      maxWidth="md"
      fullScreen={fullScreen}
      contentSx={{ display: 'grid', gap: 1 }}
    >
      <Typography variant="h3">{t('profile.integrations.settingsTitle')}</Typography>
      {settings.length === 0 && <Typography color="text.secondary">{t('profile.integrations.noSettings')}</Typography>}
      {integration.provider === 'SHAREPOINT' && (
        <Typography variant="body2" color="text.secondary" data-testid="sharepoint-credentials-hint">
          {t('profile.integrations.sharepointCredentials')}
        </Typography>
      )}
      <Box sx={twoColumns}>
        {settings
          .filter((s) => s.kind !== 'boolean')
          .map((s) => {
            const label = settingLabel(s.name);
            const props = { ...form.field(settingKey(s.name), label), required: s.required, autoComplete: 'off' };
            return s.secret ? (
              <PasswordField
                key={s.name}
                {...props}
                required={s.required && !integration.storedSecrets?.includes(s.name)}
                autoComplete="new-password"
                helperText={integration.storedSecrets?.includes(s.name) ? t('profile.integrations.secretStored') : undefined}
              />
            ) : (
              <FormField key={s.name} {...props} inputMode={s.kind === 'port' ? 'numeric' : undefined} />
            );
          })}
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>{settings.filter((s) => s.kind === 'boolean').map((s) => toggle(settingKey(s.name), settingLabel(s.name)))}</Box>

      <Typography variant="h3" sx={{ mt: 2 }}>
        {t('profile.integrations.rules.title')}
      </Typography>
      <Box sx={twoColumns}>
        <FormField {...form.field('positions', t('profile.integrations.rules.positions'))} helperText={t('profile.integrations.rules.positionsHint')} />
        <FormField {...form.field('maxFiles', t('profile.integrations.rules.maxFiles'))} inputMode="numeric" />
        <FormField {...form.field('width', t('profile.integrations.rules.width'))} inputMode="numeric" helperText={t('profile.integrations.rules.sizeHint')} />
        <FormField {...form.field('height', t('profile.integrations.rules.height'))} inputMode="numeric" helperText={t('profile.integrations.rules.sizeHint')} />
        <FormField select {...form.field('format', t('profile.integrations.rules.format'))}>
          {OUTPUT_FORMATS.map((f) => (
            <MenuItem key={f} value={f}>
              {f.toUpperCase()}
            </MenuItem>
          ))}
        </FormField>
        <FormField {...form.field('quality', t('profile.integrations.rules.quality'))} inputMode="numeric" />
      </Box>
      <FormField
        {...form.field('fileNamePattern', t('profile.integrations.rules.fileNamePattern'))}
        helperText={t('profile.integrations.rules.patternHint', { placeholders: '{orderName} {position} {angle} {index}' })}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
        {toggle('logo', t('profile.integrations.rules.logo'))}
        {toggle('editedLabel', t('profile.integrations.rules.editedLabel'))}
      </Box>

      <Typography variant="h3" sx={{ mt: 2 }}>
        {t('profile.integrations.preview.title')}
      </Typography>
      {files.length === 0 ? (
        <Typography color="text.secondary">{t('profile.integrations.preview.empty')}</Typography>
      ) : (
        <List dense data-testid="delivery-preview" sx={{ columns: { xs: 1, sm: 2 }, py: 0 }}>
          {files.map((name) => (
            <ListItem key={name} disableGutters sx={{ py: 0, breakInside: 'avoid' }}>
              <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                {name}
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
    </FormDialog>
  );
}
