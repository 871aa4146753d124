import { POSITION_MAX, STYLE_GUIDE_MESSAGES, type ConfigurationView, type StyleGuideView } from '@app/contracts/wire';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { styleGuideKeys, styleGuidesApi, uploadMedia, type ConfigMediaSlot } from '../../../api/admin';
import { isApiError } from '../../../api/client';
import { useApiMutation } from '../../../api/useApiMutation';
import { FormField } from '../../../components/form/FormField';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useForm } from '../../../components/form/useForm';
import { configBody, configFormOf, configMediaBody, configMediaOf, configMediaSlots, newConfigForm, ROUTE_OPTIONS, validateConfig, withType, type ConfigForm } from './builderLogic';
import { MediaSlotBox } from './MediaSlotBox';

export type AngleName = { id: string; name: string; category: string };

/**
 * One configuration (or the new one): position, margins, route, type, logo, horizon, angle,
 * optional, after frame-free (and its position) and the custom media of its type.
 */
export function ConfigurationEditor({ guide, configuration, angles }: { guide: StyleGuideView; configuration?: ConfigurationView; angles: readonly AngleName[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<Partial<Record<ConfigMediaSlot, File>>>({});
  const [removed, setRemoved] = useState<ReadonlySet<ConfigMediaSlot>>(() => new Set());
  // the server's refusal of a FEATURED configuration without its image, shown on the Featured image box
  const [featuredMissing, setFeaturedMissing] = useState(false);
  const others = guide.configurations.filter((c) => c.id !== configuration?.id);
  const refresh = () => queryClient.invalidateQueries({ queryKey: styleGuideKeys.one(guide.id) });

  const form = useForm({
    initialValues: configuration ? configFormOf(configuration) : newConfigForm(guide.configurations),
    validate: (values) => validateConfig(values, others),
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
      setFeaturedMissing(false);
      return refresh();
    },
    onError: (error) => setFeaturedMissing(isApiError(error) && error.statusCode === 400 && error.message === STYLE_GUIDE_MESSAGES.featuredImageRequired),
  });
  const remove = useApiMutation({
    action: t('admin.builder.deleteConfiguration'),
    mutationFn: (configId: string) => styleGuidesApi.removeConfiguration(configId),
    onSuccess: refresh,
  });
  // a refetch (after another card saved) keeps unsaved edits; a changed configuration resets the form
  const saved = configuration ? JSON.stringify(configFormOf(configuration)) : '';
  useEffect(() => {
    if (saved) form.setValues(() => JSON.parse(saved) as ConfigForm);
  }, [saved]);

  const { values } = form;
  const featured = values.type === 'FEATURED';
  const number = (key: 'position' | 'top' | 'right' | 'bottom' | 'left' | 'horizonLineHeight', label: string) => (
    <FormField {...form.field(key, label)} size="small" type="number" />
  );
  const chooseFile = (slot: ConfigMediaSlot) => (file: File | null) => {
    if (slot === 'featured' && file) setFeaturedMissing(false);
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
      ref={form.ref}
      noValidate
      onSubmit={form.handleSubmit()}
      data-testid={configuration ? `configuration-${configuration.position}` : 'configuration-new'}
      aria-label={configuration ? t('common.positionLabel', { position: configuration.position }) : t('admin.builder.newConfiguration')}
      sx={{ p: 2, display: 'grid', gap: 1, borderStyle: configuration ? 'solid' : 'dashed' }}
    >
      {/* under the step's h2: h3 for the configuration, h4 for its parts (no level skipped) */}
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {configuration ? t('common.positionLabel', { position: configuration.position }) : t('admin.builder.newConfiguration')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(6, 1fr)' } }}>
        {number('position', t('fields.position'))}
        {number('top', t('admin.builder.fields.marginTop'))}
        {number('right', t('admin.builder.fields.marginRight'))}
        {number('bottom', t('admin.builder.fields.marginBottom'))}
        {number('left', t('admin.builder.fields.marginLeft'))}
        {number('horizonLineHeight', t('admin.builder.fields.horizonLine'))}
      </Box>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        <FormField size="small" select label={t('admin.builder.fields.type')} value={values.type} onChange={(e) => form.setValues((f) => withType(f, e.target.value as ConfigForm['type']))}>
          <MenuItem value="IMAGE">IMAGE</MenuItem>
          <MenuItem value="FEATURED">FEATURED</MenuItem>
        </FormField>
        <FormField {...form.field('routeTo', t('admin.builder.fields.routeTo'))} size="small" select disabled={featured}>
          {ROUTE_OPTIONS.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </FormField>
        {!featured && (
          <FormField {...form.field('angleId', t('admin.builder.fields.angle'))} size="small" select required>
            {angles.map((a) => (
              <MenuItem key={a.id} value={a.id}>
                {a.name}
              </MenuItem>
            ))}
          </FormField>
        )}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <FormControlLabel control={<Switch checked={values.withLogo} onChange={(e) => form.setValue('withLogo', e.target.checked)} />} label={t('admin.builder.fields.withLogo')} />
        <FormControlLabel control={<Switch checked={values.optional} onChange={(e) => form.setValue('optional', e.target.checked)} />} label={t('admin.builder.optional')} />
        <FormControlLabel
          control={<Switch checked={values.afterFrameFree} onChange={(e) => form.setValue('afterFrameFree', e.target.checked)} />}
          label={t('admin.builder.fields.afterFrameFree')}
        />
        {values.afterFrameFree && (
          <Box sx={{ width: 220, '& .MuiFormControl-root': { my: 0 } }}>
            <FormField
              {...form.field('positionAfterFrameFree', t('admin.builder.fields.positionAfterFrameFree'))}
              size="small"
              type="number"
              required
              slotProps={{ htmlInput: { min: 0, max: POSITION_MAX } }}
            />
          </Box>
        )}
      </Box>
      <Typography variant="subtitle2" component="h4" color="text.secondary" sx={{ mt: 1 }}>
        {t('admin.builder.customMedia')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', md: 'repeat(5, 1fr)' } }}>
        {configMediaSlots(values.type).map((slot) => (
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
            overlay={slot === 'angle_overlay' || slot === 'frame_overlay'}
            error={slot === 'featured' && featuredMissing && featured ? t('admin.builder.errors.featuredRequired') : undefined}
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        {configuration && (
          <Button color="error" startIcon={<DeleteOutlined />} disabled={remove.isPending} onClick={() => remove.mutate(configuration.id)}>
            {t('buttons.delete')}
          </Button>
        )}
        <SubmitButton variant={configuration ? 'outlined' : 'contained'} busy={form.busy}>
          {configuration ? t('admin.builder.updateConfiguration') : t('admin.builder.addConfiguration')}
        </SubmitButton>
      </Box>
    </Paper>
  );
}
