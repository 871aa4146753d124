import { ROUTE_DISPLAY, ROUTES, type ImageView, type OrderView, type Route } from '@app/contracts/wire';
import Science from '@mui/icons-material/Science';
import Tune from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { refreshOrderPictures } from '../../api/images';
import { pipelineToolsApi } from '../../api/pipelineTools';
import { useApiMutation } from '../../api/useApiMutation';
import { TestPipelineDialog } from './TestPipelineDialog';

/**
 * The admin's pipeline tools in the select view's side panel, for the selected pictures:
 * re-optimise them with another method (each original through the pipeline again on that
 * route; the pictures show as queued until the new version arrives) and the test pipeline
 * (their test versions beside the current pictures, in a dialog).
 */
export function AdminPipelineActions({ order, selected }: { order: OrderView; selected: readonly ImageView[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [method, setMethod] = useState<Route>('full');
  const [testing, setTesting] = useState(false);
  const none = selected.length === 0;

  const reoptimize = useApiMutation({
    action: t('pipelineTools.reoptimize'),
    successMessage: ({ ids }: { ids: string[]; method: Route }) => t('pipelineTools.reoptimized', { count: ids.length }),
    mutationFn: async ({ ids, method: route }: { ids: string[]; method: Route }) => {
      // one picture after the other: a refusal (a picture without an original, one just sent) stops there
      for (const id of ids) await pipelineToolsApi.reoptimize(id, route);
    },
    // the pictures sent before a refusal are queued too: the view reads them again either way
    onSuccess: () => refresh(),
    onError: () => void refresh(),
  });
  function refresh() {
    return refreshOrderPictures(queryClient, order.id);
  }

  return (
    <Box component="section" aria-labelledby="pipeline-tools-title" sx={{ display: 'grid', gap: 1.5 }} data-testid="pipeline-tools">
      <Typography variant="subtitle2" id="pipeline-tools-title">
        {t('pipelineTools.title')}
      </Typography>
      <TextField select size="small" label={t('pipelineTools.method')} value={method} onChange={(e) => setMethod(e.target.value as Route)} disabled={reoptimize.isPending}>
        {ROUTES.map((route) => (
          <MenuItem key={route} value={route}>
            {ROUTE_DISPLAY[route]}
          </MenuItem>
        ))}
      </TextField>
      <Button
        variant="outlined"
        startIcon={<Tune />}
        disabled={none || reoptimize.isPending}
        onClick={() => reoptimize.mutate({ ids: selected.map((i) => i.id), method })}
      >
        {t('pipelineTools.reoptimize')}
      </Button>
      <Button variant="outlined" startIcon={<Science />} disabled={none} onClick={() => setTesting(true)}>
        {t('pipelineTools.testPipeline')}
      </Button>
      {testing && <TestPipelineDialog orderId={order.id} images={selected} onClose={() => setTesting(false)} />}
    </Box>
  );
}
