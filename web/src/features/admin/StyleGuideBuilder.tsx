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
import { styleGuidesApi, uploadMedia, type ConfigMediaSlot, type ConfigurationView, type MediaSlot, type MediaView, type StyleGuideView } from '../../api/admin';
import { useApiMutation } from '../../api/useApiMutation';
import { useMe } from '../../app/useSession';
import { FormField } from '../../components/FormField';
import {
  byPosition,
  configBody,
  configFormOf,
  configMediaBody,
  configMediaOf,
  configMediaSlots,
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
        <CircularProgress aria-label={t('common.loading')} />
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
                {t('buttons.delete')}
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

/** One media slot of a guide: its label, the Required badge (all but the logo), the current image, one file. */
export function MediaSlotField({
  slot,
  current,
  file,
  onFile,
  onRemove,
}: {
  slot: MediaSlot;
  current: MediaView | null;
  file: File | null;
  onFile: (file: File | null) => void;
  onRemove?: () => void;
}) {
  const { t } = useTranslation();
  return <MediaSlotBox testId={`slot-${slot}`} label={t(`admin.builder.slots.${slot}`)} required={REQUIRED_SLOTS.has(slot)} current={current} file={file} onFile={onFile} onRemove={onRemove} />;
}

/**
 * A media slot: label, Required badge, the chosen file's name or the current image (its view's
 * url), a choose/replace button for one file and, with `onRemove`, a remove button.
 */
export function MediaSlotBox({
  testId,
  label,
  required,
  current,
  file,
  onFile,
  onRemove,
  previewHeight = 96,
}: {
  testId: string;
  label: string;
  required: boolean;
  current: MediaView | null;
  file: File | null;
  onFile: (file: File | null) => void;
  onRemove?: () => void;
  previewHeight?: number;
}) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" data-testid={testId} sx={{ p: 1.5, display: 'grid', gap: 1, alignContent: 'start' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'space-between', minHeight: 24 }}>
        <Typography variant="subtitle2" noWrap title={label}>
          {label}
        </Typography>
        {required && <Chip size="small" color="warning" label={t('common.required')} />}
      </Box>
      <Box sx={{ height: previewHeight, display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'action.hover', borderRadius: 1, overflow: 'hidden' }}>
        {file ? (
          <Typography variant="body2" sx={{ px: 1, textAlign: 'center', wordBreak: 'break-all' }}>
            {file.name}
          </Typography>
        ) : current?.url ? (
          <Box component="img" src={current.thumbnailUrl ?? current.url} alt={label} sx={{ maxWidth: '100%', maxHeight: previewHeight, objectFit: 'contain' }} />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('admin.noFile')}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button variant="outlined" size="small" component="label" sx={{ flex: 1 }}>
          {current || file ? t('buttons.replaceFile') : t('buttons.chooseFile')}
          <input
            hidden
            type="file"
            accept="image/png,image/jpeg,image/webp"
            aria-label={label}
            onChange={(e) => {
              onFile(e.target.files?.[0] ?? null);
              e.target.value = '';
            }}
          />
        </Button>
        {onRemove && (current || file) && (
          <Button size="small" color="error" aria-label={t('common.removeOf', { name: label })} onClick={onRemove} sx={{ minWidth: 0 }}>
            <DeleteOutlined fontSize="small" />
          </Button>
        )}
      </Box>
    </Paper>
  );
}

export function GuideStep({ guide, onContinue }: { guide: StyleGuideView | undefined; onContinue: (saved: StyleGuideView) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorText = useGuideErrorText();
  const [form, setForm] = useState<GuideForm>(() => (guide ? guideFormOf(guide) : EMPTY_GUIDE));
  const [files, setFiles] = useState<Partial<Record<MediaSlot, File | null>>>({});
  const [removed, setRemoved] = useState<ReadonlySet<MediaSlot>>(() => new Set());
  const [showErrors, setShowErrors] = useState(false);
  const errors = useMemo(() => validateGuide(form), [form]);
  const shown = showErrors ? errors : {};

  const save = useApiMutation<StyleGuideView, { next: boolean }>({
    action: guide ? t('admin.builder.update') : t('admin.builder.create'),
    mutationFn: async () => {
      const body = guideBody(form);
      const saved = guide ? await styleGuidesApi.update(guide.id, body) : await styleGuidesApi.create(body);
      const media: Record<string, string | null> = {};
      for (const slot of MEDIA_SLOTS) {
        const file = files[slot];
        if (file) media[SLOT_FIELD[slot]] = await uploadMedia(file, slot);
        else if (removed.has(slot)) media[SLOT_FIELD[slot]] = null;
      }
      return Object.keys(media).length ? styleGuidesApi.update(saved.id, media) : saved;
    },
    onSuccess: (saved, { next }) => {
      queryClient.setQueryData(guideKey(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: ['style-guides', 'list'] });
      setFiles({});
      setRemoved(new Set());
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
      <FormField label={t('fields.name')} required value={form.name} onChange={set('name')} error={errorText(shown.name, t('fields.name'))} />
      <FormField
        label={t('admin.builder.fields.customerNote')}
        multiline
        minRows={3}
        value={form.customerNote}
        onChange={set('customerNote')}
        error={errorText(shown.customerNote, t('admin.builder.fields.customerNote'), CUSTOMER_NOTE_MAX)}
        helperText={`${form.customerNote.length} / ${CUSTOMER_NOTE_MAX}`}
        slotProps={{ htmlInput: { maxLength: CUSTOMER_NOTE_MAX } }}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(4, 1fr)' } }}>
        <FormField label={t('admin.builder.fields.outputWidth')} required type="number" value={form.outputWidth} onChange={set('outputWidth')} error={errorText(shown.outputWidth, '')} />
        <FormField label={t('admin.builder.fields.outputHeight')} required type="number" value={form.outputHeight} onChange={set('outputHeight')} error={errorText(shown.outputHeight, '')} />
        <FormField
          label={t('admin.builder.fields.maxImageSizeKb')}
          required
          type="number"
          value={form.maxImageSizeKb}
          onChange={set('maxImageSizeKb')}
          error={errorText(shown.maxImageSizeKb, '')}
          helperText={t('admin.builder.maxImageSizeHelp')}
        />
        <FormField
          label={t('admin.builder.fields.interiorColor')}
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
                  aria-label={t('admin.builder.fields.interiorColor')}
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
        label={t('admin.builder.fields.frameFreeRouting')}
        value={form.frameFreeRouting}
        onChange={(e) => setForm((f) => ({ ...f, frameFreeRouting: e.target.value as GuideForm['frameFreeRouting'] }))}
        sx={{ maxWidth: { md: 'calc(50% - 8px)' } }}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      >
        <MenuItem value="">{t('common.none')}</MenuItem>
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
          <MediaSlotField
            key={slot}
            slot={slot}
            current={removed.has(slot) ? null : (guide?.media[slot] ?? null)}
            file={files[slot] ?? null}
            onFile={(file) => {
              setFiles((f) => ({ ...f, [slot]: file }));
              if (file) setRemoved((r) => new Set([...r].filter((s) => s !== slot)));
            }}
            onRemove={() => {
              setFiles((f) => ({ ...f, [slot]: null }));
              if (guide?.media[slot]) setRemoved((r) => new Set(r).add(slot));
            }}
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 2 }}>
        {guide && (
          <Button variant="outlined" disabled={save.isPending} onClick={() => submit(false)()}>
            {t('admin.builder.update')}
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {save.isPending ? <CircularProgress size={20} color="inherit" aria-label={t('common.loading')} /> : t('admin.builder.continue')}
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
  const refresh = () => queryClient.invalidateQueries({ queryKey: guideKey(guide.id) });
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
      aria-label={configuration ? t('common.positionLabel', { position: configuration.position }) : t('admin.builder.newConfiguration')}
      sx={{ p: 2, display: 'grid', gap: 1, borderStyle: configuration ? 'solid' : 'dashed' }}
    >
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
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
        <FormField size="small" select label={t('admin.builder.fields.type')} value={form.type} onChange={(e) => setForm((f) => withType(f, e.target.value as ConfigForm['type']))}>
          <MenuItem value="IMAGE">IMAGE</MenuItem>
          <MenuItem value="FEATURED">FEATURED</MenuItem>
        </FormField>
        <FormField size="small" select label={t('admin.builder.fields.routeTo')} value={form.routeTo} onChange={set('routeTo')} disabled={featured}>
          {ROUTE_OPTIONS.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </FormField>
        {!featured && (
          <FormField size="small" select required label={t('admin.builder.fields.angle')} value={form.angleId} onChange={set('angleId')} error={errorText(shown.angleId, form.position)}>
            {angles.map((a) => (
              <MenuItem key={a.id} value={a.id}>
                {a.name}
              </MenuItem>
            ))}
          </FormField>
        )}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <FormControlLabel control={<Switch checked={form.withLogo} onChange={(e) => setForm((f) => ({ ...f, withLogo: e.target.checked }))} />} label={t('admin.builder.fields.withLogo')} />
        <FormControlLabel control={<Switch checked={form.optional} onChange={(e) => setForm((f) => ({ ...f, optional: e.target.checked }))} />} label={t('admin.builder.optional')} />
        <FormControlLabel
          control={<Switch checked={form.afterFrameFree} onChange={(e) => setForm((f) => ({ ...f, afterFrameFree: e.target.checked }))} />}
          label={t('admin.builder.fields.afterFrameFree')}
        />
        {form.afterFrameFree && (
          <Box sx={{ width: 220, '& .MuiFormControl-root': { my: 0 } }}>
            <FormField
              size="small"
              type="number"
              required
              label={t('admin.builder.fields.positionAfterFrameFree')}
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
            {t('buttons.delete')}
          </Button>
        )}
        <Button type="submit" variant={configuration ? 'outlined' : 'contained'} disabled={save.isPending}>
          {configuration ? t('admin.builder.updateConfiguration') : t('admin.builder.addConfiguration')}
        </Button>
      </Box>
    </Paper>
  );
}
