import { PUSH_BODY_MAX, PUSH_TITLE_MAX } from '@app/contracts/wire';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { orderKeys } from '../../api/orders';
import { pushApi } from '../../api/push';
import { FormField } from '../form/FormField';
import { SubmitButton } from '../form/SubmitButton';
import { useForm } from '../form/useForm';
import { toast } from '../toast/toast';
import { canSendPush, EMPTY_PUSH_FORM, pushRequest, validatePush } from './pushRules';

/** the orders service writes the send on the timeline a moment after the answer */
const TIMELINE_SETTLE_MS = 1500;

/**
 * The admin's push notification about an order (`POST /mobile/send-push-notification`): title
 * and message, Send enabled once each exceeds 3 characters, and an optional event payload
 * (a JSON object, checked here as the server checks it). A sent notification shows a toast
 * and empties the form; a failure (no device, the provider refused it) shows "push
 * notification error (check the order events)" with the server's reason. Either way the
 * order's timeline is asked again: the send is on it.
 */
export function PushNotificationForm({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refreshTimeline = () => {
    const again = () => void queryClient.invalidateQueries({ queryKey: orderKeys.allEvents() });
    again();
    setTimeout(again, TIMELINE_SETTLE_MS);
  };
  const form = useForm({
    initialValues: EMPTY_PUSH_FORM,
    validate: validatePush,
    showErrors: 'blur',
    mutationFn: (values) => pushApi.send(pushRequest(orderId, values)),
    // its own toast on success, its alert on a failure
    quiet: true,
    onSuccess: () => {
      toast.success(t('push.sent'));
      form.reset();
      refreshTimeline();
    },
    onError: refreshTimeline,
  });

  return (
    <Box component="form" ref={form.ref} noValidate onSubmit={form.handleSubmit()} aria-labelledby="push-notification-title" sx={{ minWidth: 0 }}>
      <Typography id="push-notification-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('push.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {t('push.intro')}
      </Typography>
      {form.formError !== undefined && (
        <Alert severity="error" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
          {t('push.error')}
          <Typography variant="body2" component="span" sx={{ display: 'block' }}>
            {form.formError}
          </Typography>
        </Alert>
      )}
      <FormField {...form.field('title', t('push.fields.title'))} required disabled={form.busy} slotProps={{ htmlInput: { maxLength: PUSH_TITLE_MAX } }} />
      <FormField {...form.field('body', t('push.fields.body'))} required multiline minRows={3} disabled={form.busy} slotProps={{ htmlInput: { maxLength: PUSH_BODY_MAX } }} />
      <FormField
        {...form.field('eventPayload', t('push.fields.eventPayload'))}
        multiline
        minRows={2}
        disabled={form.busy}
        helperText={t('push.payloadHelp')}
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <SubmitButton busy={form.busy} disabled={!canSendPush(form.values)}>
          {t('push.send')}
        </SubmitButton>
      </Box>
    </Box>
  );
}
