import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { styleGuideKeys, styleGuidesApi, uploadMedia, type MediaSlot, type StyleGuideView } from '../../../api/admin';
import { useApiMutation } from '../../../api/useApiMutation';
import { FormField } from '../../../components/FormField';
import { CUSTOMER_NOTE_MAX, EMPTY_GUIDE, guideBody, guideFormOf, MEDIA_SLOTS, REQUIRED_SLOTS, ROUTE_OPTIONS, SLOT_FIELD, validateGuide, type GuideErrorKey, type GuideForm } from './builderLogic';
import { MediaSlotBox } from './MediaSlotBox';

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

/** Step 1: the guide, its output and its four media slots; Continue saves and opens step 2, Update saves and stays. */
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
      queryClient.setQueryData(styleGuideKeys.one(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: styleGuideKeys.lists() });
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
