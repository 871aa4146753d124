import ContentCopy from '@mui/icons-material/ContentCopy';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { styleGuidesApi, uploadMedia, type ConfigurationView, type MediaSlot, type MediaView, type StyleGuideView } from '../../api/admin';
import { useApiMutation } from '../../api/useApiMutation';
import { useMe } from '../../app/useSession';
import { FormField } from '../../components/FormField';
import {
  byPosition,
  configBody,
  configFormOf,
  CUSTOMER_NOTE_MAX,
  EMPTY_GUIDE,
  guideBody,
  guideFormOf,
  MEDIA_SLOTS,
  newConfigForm,
  REQUIRED_SLOTS,
  ROUTE_OPTIONS,
  SLOT_FIELD,
  validateConfig,
  validateGuide,
  withType,
  type ConfigErrorKey,
  type ConfigForm,
  type GuideErrorKey,
  type GuideForm,
} from './builderLogic';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';

const guideKey = (id: string | undefined) => ['style-guides', 'one', id] as const;

/**
 * The style guide builder (`/create-style-guide-v2`, `/style-guide-v2/{id}`): step 1 the guide
 * and its media, step 2 its configurations. The first Continue creates the guide, uploads the
 * chosen media and patches the guide with them; once created, Update patches it.
 */
export function StyleGuideBuilderPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const step = id && params.get('step') === '2' ? 1 : 0;
  const goToStep = (n: 0 | 1) => setParams(n === 1 ? { step: '2' } : {}, { replace: true });
  const [deleting, setDeleting] = useState(false);

  const guide = useQuery({ queryKey: guideKey(id), queryFn: ({ signal }) => styleGuidesApi.get(id!, signal), enabled: Boolean(id) });

  const duplicate = useApiMutation({
    action: t('admin.styleGuides.duplicate'),
    mutationFn: (guideId: string) => styleGuidesApi.duplicate(guideId),
    onSuccess: (copy) => {
      void queryClient.invalidateQueries({ queryKey: ['style-guides'] });
      navigate(`/style-guide-v2/${copy.id}`);
    },
  });
  const remove = useApiMutation({
    action: t('admin.styleGuides.delete'),
    mutationFn: (guideId: string) => styleGuidesApi.remove(guideId),
    onSuccess: () => {
      setDeleting(false);
      void queryClient.invalidateQueries({ queryKey: ['style-guides'] });
      navigate('/admin/style-guides-v2');
    },
  });

  if (id && guide.isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 6 }}>
        <CircularProgress aria-label={t('admin.loading')} />
      </Box>
    );
  if (id && guide.isError) return <Alert severity="error">{guide.error.message}</Alert>;
  const data = guide.data;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 3 }, display: 'grid', gap: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Box>
          <Button component={RouterLink} to="/admin/style-guides-v2" size="small">
            {t('admin.builder.back')}
          </Button>
          <Typography variant="h1">{data ? data.name : t('admin.builder.newTitle')}</Typography>
        </Box>
        {data && (
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button variant="outlined" startIcon={<ContentCopy />} disabled={duplicate.isPending} onClick={() => duplicate.mutate(data.id)}>
              {t('admin.styleGuides.duplicate')}
            </Button>
            {me?.userRole === 'Admin' && (
              <Button variant="outlined" color="error" startIcon={<DeleteOutlined />} onClick={() => setDeleting(true)}>
                {t('grid.delete')}
              </Button>
            )}
          </Box>
        )}
      </Box>
      <Stepper activeStep={step} nonLinear={Boolean(data)}>
        <Step completed={Boolean(data)}>
          <StepLabel>{t('admin.builder.step1')}</StepLabel>
        </Step>
        <Step>
          <StepLabel>{t('admin.builder.step2')}</StepLabel>
        </Step>
      </Stepper>
      {step === 0 ? (
        <GuideStep key={data?.id ?? 'new'} guide={data} onContinue={(saved) => (data ? goToStep(1) : navigate(`/style-guide-v2/${saved.id}?step=2`))} />
      ) : (
        data && <ConfigurationsStep guide={data} onBack={() => goToStep(0)} />
      )}
      <ConfirmDeleteDialog name={deleting && data ? data.name : null} busy={remove.isPending} onClose={() => setDeleting(false)} onConfirm={() => data && remove.mutate(data.id)} />
    </Container>
  );
}

function useGuideErrorText() {
  const { t } = useTranslation();
  return (key: GuideErrorKey | undefined, name: string, max = 120): string | undefined => {
    switch (key) {
      case undefined:
        return undefined;
      case 'required':
        return t('validation.required', { name });
      case 'tooLong':
        return t('validation.maxLength', { name, max });
      case 'size':
        return t('admin.builder.errors.size');
      case 'maxImageSize':
        return t('admin.builder.errors.maxImageSize');
      case 'color':
        return t('admin.builder.errors.color');
    }
  };
}

/** One media slot: its label, the Required badge (all but the logo), the current image, one file. */
export function MediaSlotField({ slot, current, file, onFile }: { slot: MediaSlot; current: MediaView | null; file: File | null; onFile: (file: File | null) => void }) {
  const { t } = useTranslation();
  const label = t(`admin.builder.slots.${slot}`);
  return (
    <Paper variant="outlined" data-testid={`slot-${slot}`} sx={{ p: 2, display: 'grid', gap: 1, alignContent: 'start' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
        <Typography variant="subtitle2">{label}</Typography>
        {REQUIRED_SLOTS.has(slot) && <Chip size="small" color="warning" label={t('admin.required')} />}
      </Box>
      <Box sx={{ height: 96, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'action.hover', borderRadius: 1, overflow: 'hidden' }}>
        {file ? (
          <Typography variant="body2" sx={{ px: 1, textAlign: 'center', wordBreak: 'break-all' }}>
            {file.name}
          </Typography>
        ) : current?.url ? (
          <Box component="img" src={current.thumbnailUrl ?? current.url} alt={label} sx={{ maxWidth: '100%', maxHeight: 96, objectFit: 'contain' }} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('admin.noFile')}
          </Typography>
        )}
      </Box>
      <Button variant="outlined" size="small" component="label">
        {current || file ? t('admin.replaceFile') : t('admin.chooseFile')}
        <input hidden type="file" accept="image/png,image/jpeg,image/webp,image/svg+xml" aria-label={label} onChange={(e) => onFile(e.target.files?.[0] ?? null)} />
      </Button>
    </Paper>
  );
}

export function GuideStep({ guide, onContinue }: { guide: StyleGuideView | undefined; onContinue: (saved: StyleGuideView) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorText = useGuideErrorText();
  const [form, setForm] = useState<GuideForm>(() => (guide ? guideFormOf(guide) : EMPTY_GUIDE));
  const [files, setFiles] = useState<Partial<Record<MediaSlot, File | null>>>({});
  const [showErrors, setShowErrors] = useState(false);
  const errors = useMemo(() => validateGuide(form), [form]);
  const shown = showErrors ? errors : {};

  const save = useApiMutation<StyleGuideView, { next: boolean }>({
    action: guide ? t('admin.builder.update') : t('admin.builder.create'),
    mutationFn: async () => {
      const body = guideBody(form);
      const saved = guide ? await styleGuidesApi.update(guide.id, body) : await styleGuidesApi.create(body);
      const media: Record<string, string> = {};
      for (const slot of MEDIA_SLOTS) {
        const file = files[slot];
        if (file) media[SLOT_FIELD[slot]] = await uploadMedia(file, slot);
      }
      return Object.keys(media).length ? styleGuidesApi.update(saved.id, media) : saved;
    },
    onSuccess: (saved, { next }) => {
      queryClient.setQueryData(guideKey(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: ['style-guides', 'list'] });
      setFiles({});
      if (next) onContinue(saved);
    },
  });

  const submit = (next: boolean) => (event?: FormEvent) => {
    event?.preventDefault();
    setShowErrors(true);
    if (Object.keys(errors).length === 0) save.mutate({ next });
  };
  const set = (key: keyof GuideForm) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={submit(true)} sx={{ p: 3, display: 'grid', gap: 1 }}>
      <FormField label={t('admin.fields.name')} required value={form.name} onChange={set('name')} error={errorText(shown.name, t('admin.fields.name'))} />
      <FormField
        label={t('admin.builder.customerNote')}
        multiline
        minRows={3}
        value={form.customerNote}
        onChange={set('customerNote')}
        error={errorText(shown.customerNote, t('admin.builder.customerNote'), CUSTOMER_NOTE_MAX)}
        helperText={`${form.customerNote.length} / ${CUSTOMER_NOTE_MAX}`}
        slotProps={{ htmlInput: { maxLength: CUSTOMER_NOTE_MAX } }}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(4, 1fr)' } }}>
        <FormField label={t('admin.builder.outputWidth')} required type="number" value={form.outputWidth} onChange={set('outputWidth')} error={errorText(shown.outputWidth, '')} />
        <FormField label={t('admin.builder.outputHeight')} required type="number" value={form.outputHeight} onChange={set('outputHeight')} error={errorText(shown.outputHeight, '')} />
        <FormField
          label={t('admin.builder.maxImageSizeKb')}
          required
          type="number"
          value={form.maxImageSizeKb}
          onChange={set('maxImageSizeKb')}
          error={errorText(shown.maxImageSizeKb, '')}
          helperText={t('admin.builder.maxImageSizeHelp')}
        />
        <FormField
          label={t('admin.builder.interiorColor')}
          required
          value={form.interiorColor}
          onChange={set('interiorColor')}
          error={errorText(shown.interiorColor, '')}
          slotProps={{
            input: {
              startAdornment: (
                <Box
                  component="input"
                  type="color"
                  aria-label={t('admin.builder.interiorColor')}
                  value={/^#[0-9A-Fa-f]{6}$/.test(form.interiorColor) ? form.interiorColor : '#FFFFFF'}
                  onChange={(e: { target: { value: string } }) => setForm((f) => ({ ...f, interiorColor: e.target.value.toUpperCase() }))}
                  sx={{ width: 28, height: 28, p: 0, mr: 1, border: 0, bgcolor: 'transparent', cursor: 'pointer' }}
                />
              ),
            },
          }}
        />
      </Box>
      <FormField
        select
        label={t('admin.builder.frameFreeRouting')}
        value={form.frameFreeRouting}
        onChange={(e) => setForm((f) => ({ ...f, frameFreeRouting: e.target.value as GuideForm['frameFreeRouting'] }))}
        sx={{ maxWidth: { md: 'calc(50% - 8px)' } }}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      >
        <MenuItem value="">{t('admin.none')}</MenuItem>
        {ROUTE_OPTIONS.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </FormField>
      <Typography variant="h2" sx={{ mt: 2 }}>
        {t('admin.builder.media')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
        {MEDIA_SLOTS.map((slot) => (
          <MediaSlotField key={slot} slot={slot} current={guide?.media[slot] ?? null} file={files[slot] ?? null} onFile={(file) => setFiles((f) => ({ ...f, [slot]: file }))} />
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 2 }}>
        {guide && (
          <Button variant="outlined" disabled={save.isPending} onClick={() => submit(false)()}>
            {t('admin.builder.update')}
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {save.isPending ? <CircularProgress size={20} color="inherit" aria-label={t('admin.loading')} /> : t('admin.builder.continue')}
        </Button>
      </Box>
    </Paper>
  );
}

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

function ConfigurationsStep({ guide, onBack }: { guide: StyleGuideView; onBack: () => void }) {
  const { t } = useTranslation();
  const angles = useQuery({ queryKey: ['angles', 'names'], queryFn: ({ signal }) => styleGuidesApi.angleNames(signal) });
  const sorted = [...guide.configurations].sort(byPosition);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h2">{t('admin.builder.configurationsTitle', { n: sorted.length })}</Typography>
      {sorted.map((c) => (
        <ConfigurationEditor key={c.id} guide={guide} configuration={c} angles={angles.data ?? []} />
      ))}
      <ConfigurationEditor key={`new-${sorted.length}-${sorted.map((c) => c.position).join(',')}`} guide={guide} angles={angles.data ?? []} />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between' }}>
        <Button variant="outlined" onClick={onBack}>
          {t('admin.builder.previous')}
        </Button>
        <Button variant="contained" component={RouterLink} to="/admin/style-guides-v2">
          {t('admin.builder.finish')}
        </Button>
      </Box>
    </Box>
  );
}

type AngleName = { id: string; name: string; category: string };

/** One configuration (or the new one): position, margins, route, type, logo, horizon, angle, optional. */
export function ConfigurationEditor({ guide, configuration, angles }: { guide: StyleGuideView; configuration?: ConfigurationView; angles: readonly AngleName[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorText = useConfigErrorText();
  const [form, setForm] = useState<ConfigForm>(() => (configuration ? configFormOf(configuration) : newConfigForm(guide.configurations)));
  const [showErrors, setShowErrors] = useState(false);
  const others = guide.configurations.filter((c) => c.id !== configuration?.id);
  const errors = validateConfig(form, others);
  const shown = showErrors ? errors : {};
  const refresh = () => queryClient.invalidateQueries({ queryKey: guideKey(guide.id) });
  // a refetch (after another card saved) keeps unsaved edits; a changed configuration resets the form
  const saved = configuration ? JSON.stringify(configFormOf(configuration)) : '';
  useEffect(() => {
    if (saved) setForm(JSON.parse(saved) as ConfigForm);
  }, [saved]);

  const save = useApiMutation({
    action: configuration ? t('admin.builder.updateConfiguration') : t('admin.builder.addConfiguration'),
    mutationFn: (f: ConfigForm) => (configuration ? styleGuidesApi.updateConfiguration(configuration.id, configBody(f)) : styleGuidesApi.addConfiguration(guide.id, configBody(f))),
    onSuccess: refresh,
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
  const number = (key: 'position' | 'top' | 'right' | 'bottom' | 'left' | 'horizonLineHeight', label: string) => (
    <FormField size="small" type="number" label={label} value={form[key]} onChange={set(key)} error={errorText(shown[key], form.position)} />
  );

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
        <Box sx={{ flex: 1 }} />
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
