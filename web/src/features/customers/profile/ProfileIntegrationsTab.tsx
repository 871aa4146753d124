import AddIcon from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IntegrationView, ProviderView } from '@app/contracts/wire';
import { integrationKeys, integrationQueries, integrationsApi } from '../../../api/integrations';
import { useApiMutation } from '../../../api/useApiMutation';
import { FormField, PasswordField } from '../../../components/form/FormField';
import { FormDialog } from '../../../components/form/FormDialog';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useForm } from '../../../components/form/useForm';
import { IntegrationSettingsDialog } from './IntegrationSettingsDialog';
import { integrationDestination } from './integrationRules';
import { ProfileLayout, useProfileId } from './ProfileLayout';
import { canSaveCredentials, credentialsBody, providersToAdd } from './profileRules';

/**
 * `/profile/{id}/integrations` (admin): the account's delivery integrations. Add one through a
 * dialog offering the providers it does not have yet; switch one on or off; change its
 * credentials in edit mode (never shown back: only whether a password is stored); set its
 * provider's settings and output rules (with a preview of the files); test its connection.
 */
export function ProfileIntegrationsTab() {
  return <ProfileLayout tab="integrations">{() => <Integrations />}</ProfileLayout>;
}

function Integrations() {
  const { t } = useTranslation();
  const id = useProfileId();
  const [adding, setAdding] = useState(false);
  const integrations = useQuery(integrationQueries.ofUser(id));
  const providers = useQuery(integrationQueries.providers());
  const offered = providersToAdd(providers.data ?? [], integrations.data ?? []);

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h2">{t('profile.tabs.integrations')}</Typography>
        <Button variant="contained" startIcon={<AddIcon />} disabled={!integrations.data || !providers.data || offered.length === 0} onClick={() => setAdding(true)}>
          {t('profile.integrations.add')}
        </Button>
      </Box>
      {integrations.isPending && <CircularProgress size={24} aria-label={t('common.loading')} />}
      {integrations.isError && <Alert severity="error">{integrations.error.message}</Alert>}
      {integrations.data?.length === 0 && <Typography color="text.secondary">{t('profile.integrations.empty')}</Typography>}
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }} data-testid="integrations">
        {integrations.data?.map((integration) => <IntegrationCard key={integration.id} integration={integration} />)}
      </Box>
      {adding && <AddIntegrationDialog userId={id} providers={offered} onClose={() => setAdding(false)} />}
    </Box>
  );
}

function IntegrationCard({ integration }: { integration: IntegrationView }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  // the result shows under the button
  const test = useApiMutation({ mutationFn: () => integrationsApi.testConnection(integration.id), quiet: true });
  const destination = integrationDestination(integration);
  const refresh = () => queryClient.invalidateQueries({ queryKey: integrationKeys.ofUser(integration.userId) });
  const toggle = useApiMutation({
    action: t('profile.integrations.update'),
    successMessage: t('profile.integrations.updated'),
    mutationFn: (isActive: boolean) => integrationsApi.update(integration.id, { isActive }),
    onSuccess: refresh,
  });
  const autoDeliver = useApiMutation({
    action: t('profile.integrations.update'),
    successMessage: t('profile.integrations.updated'),
    mutationFn: (on: boolean) => integrationsApi.update(integration.id, { autoDeliver: on }),
    onSuccess: refresh,
  });

  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1, minWidth: 0 }} data-testid={`integration-${integration.provider}`}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h3" sx={{ overflowWrap: 'anywhere' }}>
            {integration.label}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {integration.integrationType}
          </Typography>
        </Box>
        <FormControlLabel
          sx={{ mr: 0, flexShrink: 0 }}
          control={
            <Switch
              checked={integration.isActive}
              disabled={toggle.isPending}
              onChange={(e) => toggle.mutate(e.target.checked)}
              slotProps={{ input: { 'aria-label': t('profile.integrations.activeOf', { name: integration.label }) } }}
            />
          }
          label={t('profile.integrations.fields.active')}
        />
      </Box>
      <FormControlLabel
        sx={{ mr: 0, alignItems: 'flex-start' }}
        control={
          <Switch
            checked={integration.autoDeliver}
            disabled={autoDeliver.isPending}
            onChange={(e) => autoDeliver.mutate(e.target.checked)}
            slotProps={{ input: { 'aria-label': t('profile.integrations.autoDeliverOf', { name: integration.label }) } }}
          />
        }
        label={
          <Box component="span" sx={{ display: 'grid', pt: 1 }}>
            <span>{t('profile.integrations.fields.autoDeliver')}</span>
            <Typography variant="caption" color="text.secondary" component="span">
              {t('profile.integrations.autoDeliverHint')}
            </Typography>
          </Box>
        }
      />
      {destination !== undefined && (
        <Typography variant="body2" color={destination ? 'text.primary' : 'warning.main'} sx={{ overflowWrap: 'anywhere' }} data-testid="integration-destination">
          {destination ? t('profile.integrations.destination', { where: destination }) : t('profile.integrations.noDestination')}
        </Typography>
      )}
      {editing ? (
        <CredentialsForm integration={integration} onDone={() => setEditing(false)} />
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Box sx={{ display: 'grid', minWidth: 0 }}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {t('profile.integrations.fields.username')}: {integration.Username ?? '—'}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {integration.hasPassword ? t('profile.integrations.passwordStored') : t('profile.integrations.noPassword')}
            </Typography>
          </Box>
          <Tooltip title={t('profile.integrations.editOf', { name: integration.label })}>
            <IconButton aria-label={t('profile.integrations.editOf', { name: integration.label })} onClick={() => setEditing(true)}>
              <EditOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button size="small" startIcon={<SettingsOutlined />} onClick={() => setSettingsOpen(true)}>
          {t('profile.integrations.settings')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          disabled={test.isPending}
          startIcon={test.isPending ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}
          onClick={() => test.mutate()}
        >
          {t('profile.integrations.testConnection')}
        </Button>
      </Box>
      {test.data && !test.isPending && (
        <Alert severity={test.data.ok ? 'success' : 'warning'} data-testid="test-connection-result" sx={{ overflowWrap: 'anywhere' }}>
          <strong>{test.data.ok ? t('profile.integrations.connectionOk') : t('profile.integrations.connectionFailed')}</strong> {test.data.message}
        </Alert>
      )}
      {test.isError && !test.isPending && (
        <Alert severity="error" data-testid="test-connection-result" sx={{ overflowWrap: 'anywhere' }}>
          {test.error.message}
        </Alert>
      )}
      {settingsOpen && <IntegrationSettingsDialog integration={integration} onClose={() => setSettingsOpen(false)} />}
    </Paper>
  );
}

/** Edit mode: the user name and a new password; saving needs one of them. */
function CredentialsForm({ integration, onDone }: { integration: IntegrationView; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { username: integration.Username ?? '', password: '' },
    action: t('profile.integrations.update'),
    successMessage: t('profile.integrations.updated'),
    mutationFn: (v) => integrationsApi.update(integration.id, credentialsBody(v.username, v.password)),
    onSuccess: async () => {
      onDone();
      await queryClient.invalidateQueries({ queryKey: integrationKeys.ofUser(integration.userId) });
    },
  });
  return (
    <form ref={form.ref} noValidate onSubmit={form.handleSubmit()}>
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {form.formError !== undefined && <Alert severity="error">{form.formError}</Alert>}
        <FormField {...form.field('username', t('profile.integrations.fields.username'))} autoComplete="off" />
        <PasswordField
          {...form.field('password', t('profile.integrations.fields.password'))}
          autoComplete="new-password"
          helperText={integration.hasPassword ? t('profile.integrations.passwordHint') : undefined}
        />
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          <Button onClick={onDone}>{t('buttons.cancel')}</Button>
          <SubmitButton busy={form.busy} disabled={!canSaveCredentials(form.values.username, form.values.password)}>
            {t('buttons.save')}
          </SubmitButton>
        </Box>
      </Box>
    </form>
  );
}

function AddIntegrationDialog({ userId, providers, onClose }: { userId: string; providers: ProviderView[]; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { provider: '', username: '', password: '', isActive: true, autoDeliver: false },
    validate: (v) => ({ provider: v.provider ? undefined : { key: 'validation.required' } }),
    action: t('profile.integrations.add'),
    mutationFn: (v) =>
      integrationsApi.create({
        provider: v.provider,
        isActive: v.isActive,
        autoDeliver: v.autoDeliver,
        userId,
        ...(v.username.trim() ? { Username: v.username.trim() } : {}),
        ...(v.password ? { Password: v.password } : {}),
      }),
    onSuccess: async () => {
      onClose();
      await queryClient.invalidateQueries({ queryKey: integrationKeys.ofUser(userId) });
    },
  });
  return (
    <FormDialog
      form={form}
      title={t('profile.integrations.add')}
      submitLabel={t('buttons.create')}
      onClose={onClose}
      maxWidth="xs"
      contentSx={{ display: 'grid', gap: 2, pt: '8px !important' }}
    >
      <FormField select {...form.field('provider', t('profile.integrations.fields.provider'))} required>
        {providers.map((p) => (
          <MenuItem key={p.provider} value={p.provider}>
            {p.label}
          </MenuItem>
        ))}
      </FormField>
      <FormControlLabel
        control={<Switch checked={form.values.isActive} onChange={(e) => form.setValue('isActive', e.target.checked)} />}
        label={t('profile.integrations.fields.active')}
      />
      <FormControlLabel
        control={<Switch checked={form.values.autoDeliver} onChange={(e) => form.setValue('autoDeliver', e.target.checked)} />}
        label={t('profile.integrations.fields.autoDeliver')}
      />
      <FormField {...form.field('username', t('profile.integrations.fields.username'))} autoComplete="off" />
      <PasswordField {...form.field('password', t('profile.integrations.fields.password'))} autoComplete="new-password" />
    </FormDialog>
  );
}
