import { RE_EDIT_REASONS, RE_EDIT_TEXT_MAX, type ImageView, type ReEditRequestSummary } from '@app/contracts/wire';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imagesApi, refreshOrderPictures } from '../../api/images';
import { FormField } from '../../components/form/FormField';
import { FormDialog } from '../../components/form/FormDialog';
import { useForm, type UseFormOptions } from '../../components/form/useForm';
import { canAskReEdit, reEditBody, reEditDisplay, validateDecline, validateReEdit, type DeclineForm, type ReEditForm } from './reEditLogic';

/** The time now, moving every 30 s (the clock of open requests). */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** After a request or an answer: the pictures, the order and the timeline again. */
function useRefresh(orderId: string) {
  const queryClient = useQueryClient();
  return () => {
    return refreshOrderPictures(queryClient, orderId);
  };
}

const wrap = { overflowWrap: 'anywhere', minWidth: 0 } as const;

/** A picture's latest re-edit request: open with the time left, overdue, done, or declined with QA's answer. */
export function ReEditStatus({ request }: { request: ReEditRequestSummary }) {
  const { t } = useTranslation();
  const now = useNow();
  const shown = reEditDisplay(request, now);
  const text =
    shown.kind === 'open'
      ? t('reEdit.state.open', { hours: shown.hours, minutes: shown.minutes })
      : shown.kind === 'declined'
        ? t('reEdit.state.declined', { answer: shown.answer })
        : t(`reEdit.state.${shown.kind}`);
  const color = shown.kind === 'overdue' ? 'error.main' : shown.kind === 'done' ? 'success.main' : shown.kind === 'declined' ? 'text.secondary' : 'warning.dark';
  return (
    <Typography variant="caption" component="p" data-testid="re-edit-state" data-state={shown.kind} sx={{ ...wrap, color, fontWeight: 600 }}>
      {text}
    </Typography>
  );
}

/**
 * The form of a re-edit dialog: sent, it closes the dialog and refreshes the order; closed, it
 * starts from its first values the next time.
 */
function useReEditForm<T extends object>(image: ImageView, onClose: () => void, options: Pick<UseFormOptions<T, unknown, void>, 'initialValues' | 'validate' | 'action' | 'mutationFn'>) {
  const refresh = useRefresh(image.orderId);
  const form = useForm<T>({
    ...options,
    showErrors: 'blur',
    onSuccess: () => {
      close();
      return refresh();
    },
  });
  function close() {
    form.reset();
    onClose();
  }
  return { form, close };
}

/** Ask for a re-edit (the order's own account): reason, free text (required for Other), `POST /images/{id}/re-edit-requests`. */
export function AskReEditDialog({ image, open, onClose }: { image: ImageView; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { form, close } = useReEditForm<ReEditForm>(image, onClose, {
    initialValues: { reason: '', text: '' },
    validate: validateReEdit,
    action: t('reEdit.action'),
    mutationFn: (values) => imagesApi.askReEdit(image.id, reEditBody(values)),
  });
  const title = t('reEdit.title', { position: image.position });
  return (
    <FormDialog form={form} open={open} onClose={close} title={title} formLabel={title} titleSx={wrap} submitLabel={t('reEdit.submit')}>
      <FormField {...form.field('reason', t('reEdit.fields.reason'))} select required>
        {RE_EDIT_REASONS.map((reason) => (
          <MenuItem key={reason} value={reason}>
            {t(`reEdit.reasons.${reason}`)}
          </MenuItem>
        ))}
      </FormField>
      <FormField
        {...form.field('text', t('reEdit.fields.text'))}
        required={form.values.reason === 'other'}
        multiline
        minRows={3}
        helperText={t('reEdit.textHint', { length: form.values.text.trim().length, max: RE_EDIT_TEXT_MAX })}
      />
    </FormDialog>
  );
}

/** QA declines an open request with an answer the dealership reads. */
export function DeclineReEditDialog({ image, request, open, onClose }: { image: ImageView; request: ReEditRequestSummary; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { form, close } = useReEditForm<DeclineForm>(image, onClose, {
    initialValues: { text: '' },
    validate: validateDecline,
    action: t('reEdit.declineAction'),
    mutationFn: (values) => imagesApi.declineReEdit(request.id, values.text.trim()),
  });
  const title = t('reEdit.declineTitle', { position: image.position });
  return (
    <FormDialog form={form} open={open} onClose={close} title={title} formLabel={title} titleSx={wrap} submitLabel={t('reEdit.declineSubmit')}>
      <Typography variant="body2" sx={wrap}>
        {t('reEdit.asked', { reason: t(`reEdit.reasons.${request.reason}`) })}
        {request.text ? `: ${request.text}` : ''}
      </Typography>
      <FormField {...form.field('text', t('reEdit.fields.answer'))} required multiline minRows={3} />
    </FormDialog>
  );
}

/** The dealership's side of a picture: the request's state and, on a processed picture, Ask for a re-edit. */
export function DealerReEdit({ image, canAsk }: { image: ImageView; canAsk: boolean }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const request = image.reEditRequest ?? null;
  const askable = canAsk && canAskReEdit(image);
  if (!request && !askable) return null;
  return (
    <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
      {request && <ReEditStatus request={request} />}
      {askable && (
        <Button size="small" variant="outlined" onClick={() => setAsking(true)} sx={{ justifySelf: 'start', maxWidth: '100%', textAlign: 'start' }}>
          {t('reEdit.ask')}
        </Button>
      )}
      {askable && <AskReEditDialog image={image} open={asking} onClose={() => setAsking(false)} />}
    </Box>
  );
}

/** QA's side of a picture: an open request's reason and clock, and Decline. */
export function QaReEdit({ image }: { image: ImageView }) {
  const { t } = useTranslation();
  const [declining, setDeclining] = useState(false);
  const request = image.reEditRequest;
  if (request?.state !== 'open') return null;
  return (
    <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0 }} data-testid="re-edit-qa">
      <Typography variant="caption" component="p" sx={wrap}>
        {t('reEdit.asked', { reason: t(`reEdit.reasons.${request.reason}`) })}
        {request.text ? `: ${request.text}` : ''}
      </Typography>
      <ReEditStatus request={request} />
      <Button size="small" color="inherit" variant="outlined" onClick={() => setDeclining(true)} sx={{ justifySelf: 'start', maxWidth: '100%', textAlign: 'start' }}>
        {t('reEdit.decline')}
      </Button>
      <DeclineReEditDialog image={image} request={request} open={declining} onClose={() => setDeclining(false)} />
    </Box>
  );
}
