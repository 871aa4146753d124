import { type StyleGuideMediaSlot, type StyleGuideView } from '@app/contracts/wire';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { styleGuideKeys, styleGuidesApi, uploadMedia } from '../../../api/admin';
import { FormField } from '../../../components/form/FormField';
import { RadioChoice } from '../../../components/form/RadioChoice';
import { colourPickerSlot } from '../../../components/form/colourPicker';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { useForm } from '../../../components/form/useForm';
import { useObjectUrl } from '../../../components/useObjectUrl';
import {
  CUSTOMER_NOTE_MAX,
  EMPTY_GUIDE,
  guideBody,
  guideFormOf,
  MEDIA_SLOTS,
  NUMBER_PLATE_OPTIONS,
  REQUIRED_SLOTS,
  ROUTE_OPTIONS,
  SLOT_FIELD,
  usesPlateColor,
  validateGuide,
  WINDOW_OPTIONS,
  type GuideForm,
} from './builderLogic';
import { MediaSlotBox } from './MediaSlotBox';
import { NumberPlatePreview } from './NumberPlatePreview';

/** Step 1: the guide, its output and its four media slots; Continue saves and opens step 2, Update saves and stays. */
export function GuideStep({ guide, onContinue }: { guide: StyleGuideView | undefined; onContinue: (saved: StyleGuideView) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<Partial<Record<StyleGuideMediaSlot, File | null>>>({});
  const [removed, setRemoved] = useState<ReadonlySet<StyleGuideMediaSlot>>(() => new Set());

  const form = useForm<GuideForm, StyleGuideView, { next: boolean }>({
    initialValues: guide ? guideFormOf(guide) : EMPTY_GUIDE,
    validate: validateGuide,
    action: guide ? t('admin.builder.update') : t('admin.builder.create'),
    mutationFn: async (values) => {
      const body = guideBody(values);
      const saved = guide ? await styleGuidesApi.update(guide.id, body) : await styleGuidesApi.create(body);
      const media: Record<string, string | null> = {};
      for (const slot of MEDIA_SLOTS) {
        const file = files[slot];
        if (file) media[SLOT_FIELD[slot]] = await uploadMedia(file, slot);
        else if (removed.has(slot)) media[SLOT_FIELD[slot]] = null;
      }
      return Object.keys(media).length ? styleGuidesApi.update(saved.id, media) : saved;
    },
    onSuccess: (saved, _values, { next }) => {
      queryClient.setQueryData(styleGuideKeys.one(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: styleGuideKeys.lists() });
      setFiles({});
      setRemoved(new Set());
      if (next) onContinue(saved);
    },
  });
  const { values } = form;
  // the logo the preview puts on the plate: a newly chosen file, else the guide's own (unless removed)
  const chosenLogoUrl = useObjectUrl(files.logo);
  const savedLogo = removed.has('logo') ? null : (guide?.media.logo ?? null);
  const logoUrl = files.logo ? (chosenLogoUrl ?? null) : (savedLogo?.thumbnailUrl ?? savedLogo?.url ?? null);

  return (
    <Paper variant="outlined" component="form" ref={form.ref} noValidate onSubmit={form.handleSubmit({ next: true })} sx={{ p: 3, display: 'grid', gap: 1 }}>
      <FormField {...form.field('name', t('fields.name'))} required />
      <FormField
        {...form.field('customerNote', t('admin.builder.fields.customerNote'))}
        multiline
        minRows={3}
        helperText={`${values.customerNote.length} / ${CUSTOMER_NOTE_MAX}`}
        slotProps={{ htmlInput: { maxLength: CUSTOMER_NOTE_MAX } }}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(4, 1fr)' } }}>
        <FormField {...form.field('outputWidth', t('admin.builder.fields.outputWidth'))} required type="number" />
        <FormField {...form.field('outputHeight', t('admin.builder.fields.outputHeight'))} required type="number" />
        <FormField {...form.field('maxImageSizeKb', t('admin.builder.fields.maxImageSizeKb'))} required type="number" helperText={t('admin.builder.maxImageSizeHelp')} />
        <FormField
          {...form.field('interiorColor', t('admin.builder.fields.interiorColor'))}
          required
          slotProps={colourPickerSlot(t('admin.builder.fields.interiorColor'), values.interiorColor, (hex) => form.setValue('interiorColor', hex))}
        />
      </Box>
      <FormField
        {...form.field('frameFreeRouting', t('admin.builder.fields.frameFreeRouting'))}
        select
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
      <RadioChoice
        legend={t('admin.builder.fields.windows')}
        help={t('admin.builder.windowsHelp')}
        value={values.windows}
        options={WINDOW_OPTIONS.map((o) => ({ value: o.value, label: t(o.labelKey) }))}
        onChange={(value) => form.setValue('windows', value)}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 1 }}>
          <RadioChoice
            legend={t('admin.builder.fields.numberPlates')}
            help={t('admin.builder.numberPlatesHelp')}
            value={values.numberPlates}
            options={NUMBER_PLATE_OPTIONS.map((o) => ({ value: o.value, label: t(o.labelKey) }))}
            onChange={(value) => form.setValue('numberPlates', value)}
          />
          {usesPlateColor(values.numberPlates) && (
            <FormField
              {...form.field('numberPlateColor', t('admin.builder.fields.numberPlateColor'))}
              required
              helperText={t(values.numberPlates === 'logo' ? 'admin.builder.numberPlateColorHelp.logo' : 'admin.builder.numberPlateColorHelp.colour')}
              sx={{ maxWidth: 280 }}
              slotProps={colourPickerSlot(t('admin.builder.fields.numberPlateColor'), values.numberPlateColor, (hex) => form.setValue('numberPlateColor', hex))}
            />
          )}
        </Box>
        <Box sx={{ mt: { md: 2 } }}>
          <NumberPlatePreview mode={values.numberPlates} colour={values.numberPlateColor} logoUrl={logoUrl} />
        </Box>
      </Box>
      <Typography variant="h2" sx={{ mt: 2 }}>
        {t('admin.builder.media')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
        {MEDIA_SLOTS.map((slot) => (
          <MediaSlotBox
            key={slot}
            testId={`slot-${slot}`}
            label={t(`admin.builder.slots.${slot}`)}
            required={REQUIRED_SLOTS.has(slot)}
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
          <Button variant="outlined" disabled={form.busy} onClick={form.handleSubmit({ next: false })}>
            {t('admin.builder.update')}
          </Button>
        )}
        <SubmitButton busy={form.busy}>{t('admin.builder.continue')}</SubmitButton>
      </Box>
    </Paper>
  );
}
