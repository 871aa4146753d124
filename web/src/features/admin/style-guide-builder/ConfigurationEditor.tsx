import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { styleGuideKeys, styleGuidesApi, uploadMedia, type ConfigMediaSlot, type ConfigurationView, type StyleGuideView } from '../../../api/admin';
import { useApiMutation } from '../../../api/useApiMutation';
import { FormField } from '../../../components/FormField';
import { configBody, configFormOf, configMediaBody, configMediaOf, configMediaSlots, newConfigForm, ROUTE_OPTIONS, validateConfig, withType, type ConfigErrorKey, type ConfigForm } from './builderLogic';
import { MediaSlotBox } from './MediaSlotBox';

function useConfigErrorText() {
  const { t } = useTranslation();
  return (key: ConfigErrorKey | undefined, position: string): string | undefined => {
    switch (key) {
      case undefined:
        return undefined;
      case 'position':
        return t('admin.builder.errors.position');
      case 'positionTaken':
        return t('admin.builder.errors.positionTaken', { position });
      case 'percent':
        return t('admin.builder.errors.percent');
      case 'angleRequired':
        return t('admin.builder.errors.angleRequired');
    }
  };
}

export type AngleName = { id: string; name: string; category: string };

/**
 * One configuration (or the new one): position, margins, route, type, logo, horizon, angle,
 * optional, after frame-free (and its position) and the custom media of its type.
 */
export function ConfigurationEditor({ guide, configuration, angles }: { guide: StyleGuideView; configuration?: ConfigurationView; angles: readonly AngleName[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorText = useConfigErrorText();
  const [form, setForm] = useState<ConfigForm>(() => (configuration ? configFormOf(configuration) : newConfigForm(guide.configurations)));
  const [files, setFiles] = useState<Partial<Record<ConfigMediaSlot, File>>>({});
  const [removed, setRemoved] = useState<ReadonlySet<ConfigMediaSlot>>(() => new Set());
  const [showErrors, setShowErrors] = useState(false);
  const others = guide.configurations.filter((c) => c.id !== configuration?.id);
  const errors = validateConfig(form, others);
  const shown = showErrors ? errors : {};
  const refresh = () => queryClient.invalidateQueries({ queryKey: styleGuideKeys.one(guide.id) });
  // a refetch (after another card saved) keeps unsaved edits; a changed configuration resets the form
  const saved = configuration ? JSON.stringify(configFormOf(configuration)) : '';
  useEffect(() => {
    if (saved) setForm(JSON.parse(saved) as ConfigForm);
  }, [saved]);

  const save = useApiMutation({
    action: configuration ? t('admin.builder.updateConfiguration') : t('admin.builder.addConfiguration'),
    mutationFn: async (f: ConfigForm) => {
      const uploaded: Partial<Record<ConfigMediaSlot, string>> = {};
      for (const slot of configMediaSlots(f.type)) {
        const file = files[slot];
        if (file) uploaded[slot] = await uploadMedia(file, slot);
      }
      const body = { ...configBody(f), ...configMediaBody(f.type, uploaded, removed, configuration) };
      if (!configuration) return styleGuidesApi.addConfiguration(guide.id, body);
      // switching frame-free off clears a saved position
      if (!f.afterFrameFree && configuration.positionAfterFrameFree != null) body.positionAfterFrameFree = null;
      return styleGuidesApi.updateConfiguration(configuration.id, body);
    },
    onSuccess: () => {
      setFiles({});
      setRemoved(new Set());
      return refresh();
    },
  });
  const remove = useApiMutation({
    action: t('admin.builder.deleteConfiguration'),
    mutationFn: (configId: string) => styleGuidesApi.removeConfiguration(configId),
    onSuccess: refresh,
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (Object.keys(errors).length === 0) save.mutate(form);
  };
  const set = (key: keyof ConfigForm) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const featured = form.type === 'FEATURED';
  const number = (key: 'position' | 'top' | 'right' | 'bottom' | 'left' | 'horizonLineHeight' | 'positionAfterFrameFree', label: string) => (
    <FormField size="small" type="number" label={label} value={form[key]} onChange={set(key)} error={errorText(shown[key], form.position)} />
  );
  const chooseFile = (slot: ConfigMediaSlot) => (file: File | null) => {
    setFiles(({ [slot]: _, ...rest }) => (file ? { ...rest, [slot]: file } : rest));
    if (file) setRemoved((r) => new Set([...r].filter((s) => s !== slot)));
  };
  const removeFile = (slot: ConfigMediaSlot) => () => {
    setFiles(({ [slot]: _, ...rest }) => rest);
    if (configMediaOf(configuration, slot)) setRemoved((r) => new Set(r).add(slot));
  };

  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={submit}
      data-testid={configuration ? `configuration-${configuration.position}` : 'configuration-new'}
      aria-label={configuration ? t('admin.builder.configurationAt', { position: configuration.position }) : t('admin.builder.newConfiguration')}
      sx={{ p: 2, display: 'grid', gap: 1, borderStyle: configuration ? 'solid' : 'dashed' }}
    >
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {configuration ? t('admin.builder.configurationAt', { position: configuration.position }) : t('admin.builder.newConfiguration')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(6, 1fr)' } }}>
        {number('position', t('admin.builder.position'))}
        {number('top', t('admin.builder.marginTop'))}
        {number('right', t('admin.builder.marginRight'))}
        {number('bottom', t('admin.builder.marginBottom'))}
        {number('left', t('admin.builder.marginLeft'))}
        {number('horizonLineHeight', t('admin.builder.horizonLine'))}
      </Box>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        <FormField size="small" select label={t('admin.builder.type')} value={form.type} onChange={(e) => setForm((f) => withType(f, e.target.value as ConfigForm['type']))}>
          <MenuItem value="IMAGE">IMAGE</MenuItem>
          <MenuItem value="FEATURED">FEATURED</MenuItem>
        </FormField>
        <FormField size="small" select label={t('admin.builder.routeTo')} value={form.routeTo} onChange={set('routeTo')} disabled={featured}>
          {ROUTE_OPTIONS.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </FormField>
        {!featured && (
          <FormField size="small" select required label={t('admin.builder.angle')} value={form.angleId} onChange={set('angleId')} error={errorText(shown.angleId, form.position)}>
            {angles.map((a) => (
              <MenuItem key={a.id} value={a.id}>
                {a.name}
              </MenuItem>
            ))}
          </FormField>
        )}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <FormControlLabel control={<Switch checked={form.withLogo} onChange={(e) => setForm((f) => ({ ...f, withLogo: e.target.checked }))} />} label={t('admin.builder.withLogo')} />
        <FormControlLabel control={<Switch checked={form.optional} onChange={(e) => setForm((f) => ({ ...f, optional: e.target.checked }))} />} label={t('admin.builder.optional')} />
        <FormControlLabel
          control={<Switch checked={form.afterFrameFree} onChange={(e) => setForm((f) => ({ ...f, afterFrameFree: e.target.checked }))} />}
          label={t('admin.builder.afterFrameFree')}
        />
        {form.afterFrameFree && (
          <Box sx={{ width: 220, '& .MuiFormControl-root': { my: 0 } }}>
            <FormField
              size="small"
              type="number"
              required
              label={t('admin.builder.positionAfterFrameFree')}
              value={form.positionAfterFrameFree}
              onChange={set('positionAfterFrameFree')}
              error={errorText(shown.positionAfterFrameFree, form.position)}
              slotProps={{ htmlInput: { min: 0, max: 999 } }}
            />
          </Box>
        )}
      </Box>
      <Typography variant="subtitle2" color="text.secondary" sx={{ mt: 1 }}>
        {t('admin.builder.customMedia')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', md: 'repeat(5, 1fr)' } }}>
        {configMediaSlots(form.type).map((slot) => (
          <MediaSlotBox
            key={slot}
            testId={`config-slot-${slot}`}
            label={t(`admin.builder.configSlots.${slot}`)}
            required={slot === 'featured'}
            current={removed.has(slot) ? null : configMediaOf(configuration, slot)}
            file={files[slot] ?? null}
            onFile={chooseFile(slot)}
            onRemove={removeFile(slot)}
            previewHeight={72}
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        {configuration && (
          <Button color="error" startIcon={<DeleteOutlined />} disabled={remove.isPending} onClick={() => remove.mutate(configuration.id)}>
            {t('grid.delete')}
          </Button>
        )}
        <Button type="submit" variant={configuration ? 'outlined' : 'contained'} disabled={save.isPending}>
          {configuration ? t('admin.builder.updateConfiguration') : t('admin.builder.addConfiguration')}
        </Button>
      </Box>
    </Paper>
  );
}
