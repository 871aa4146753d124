import { ROUTE_DISPLAY, TEST_PIPELINE_MAX_IMAGES, type ImageView, type TestPipelineRunView } from '@app/contracts/wire';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pipelineToolsApi, pipelineToolsKeys } from '../../api/pipelineTools';
import { useApiMutation } from '../../api/useApiMutation';

/** How often the comparison asks for the runs while one of the pictures is still in the test pipeline. */
export const TEST_RESULTS_REFRESH_MS = 2000;

type Picture = Pick<ImageView, 'id' | 'position' | 'thumbnailUrl' | 'url' | 'optimisedVia'>;

/** The selected pictures' runs, by image id; a picture never sent has none. */
export function runsOf(images: readonly Pick<ImageView, 'id'>[], runs: readonly TestPipelineRunView[] | undefined): Map<string, TestPipelineRunView> {
  const wanted = new Set(images.map((i) => i.id));
  return new Map((runs ?? []).filter((r) => wanted.has(r.imageId)).map((r) => [r.imageId, r]));
}

function Side({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gap: 0.5, alignContent: 'start', minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

const PICTURE_SX = { width: '100%', aspectRatio: '4 / 3', objectFit: 'contain', bgcolor: 'action.hover', borderRadius: 1, display: 'block' } as const;

/** The test side of one picture: not run, in the pipeline, failed with the reason, or the test picture. */
function TestSide({ run, position }: { run: TestPipelineRunView | undefined; position: number }) {
  const { t } = useTranslation();
  if (!run) return <Chip size="small" label={t('pipelineTools.states.none')} sx={{ justifySelf: 'start' }} />;
  if (run.state === 'queued') {
    return (
      <Box sx={{ ...PICTURE_SX, display: 'grid', placeItems: 'center', textAlign: 'center' }}>
        <Box sx={{ display: 'grid', gap: 1, justifyItems: 'center' }}>
          <CircularProgress size={24} aria-hidden />
          <Typography variant="body2">{t('pipelineTools.states.queued')}</Typography>
        </Box>
      </Box>
    );
  }
  if (run.state === 'failed') {
    return (
      <Box sx={{ display: 'grid', gap: 0.5 }}>
        <Chip size="small" color="error" label={t('pipelineTools.states.failed')} sx={{ justifySelf: 'start' }} />
        {run.failureReason && (
          <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
            {run.failureReason}
          </Typography>
        )}
      </Box>
    );
  }
  return (
    <>
      <Link href={run.url ?? undefined} target="_blank" rel="noopener noreferrer" sx={{ display: 'block' }}>
        <Box component="img" src={run.thumbnailUrl ?? run.url ?? undefined} alt={t('pipelineTools.testAlt', { position })} sx={PICTURE_SX} />
      </Link>
      <Typography variant="caption" color="text.secondary">
        {[run.route ? ROUTE_DISPLAY[run.route] : null, run.width && run.height ? `${run.width} × ${run.height}` : null].filter(Boolean).join(' · ')}
      </Typography>
    </>
  );
}

/**
 * The test pipeline for the selected pictures (admin): Run sends their originals through the
 * current pipeline with the style guide's settings (`POST /appSettings/sendImagesToTestPipeline`);
 * each picture then shows its current version beside its latest test version, with the test's
 * state (in the pipeline, failed with the reason, or its picture), asked again every two
 * seconds while one is in the pipeline. The current pictures stay as they are.
 */
export function TestPipelineDialog({ orderId, images, onClose }: { orderId: string; images: readonly Picture[]; onClose: () => void }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const queryClient = useQueryClient();
  const [queued, setQueued] = useState<number | null>(null);
  const tooMany = images.length > TEST_PIPELINE_MAX_IMAGES;
  const sorted = [...images].sort((a, b) => a.position - b.position);

  const results = useQuery({
    queryKey: pipelineToolsKeys.testResults(orderId),
    queryFn: ({ signal }) => pipelineToolsApi.testResults(orderId, signal),
    refetchInterval: (query) => ([...runsOf(images, query.state.data).values()].some((r) => r.state === 'queued') ? TEST_RESULTS_REFRESH_MS : false),
  });
  const runs = runsOf(images, results.data);

  const send = useApiMutation({
    action: t('pipelineTools.testPipeline'),
    mutationFn: () => pipelineToolsApi.sendToTestPipeline(images.map((i) => i.id)),
    onSuccess: (answer) => {
      setQueued(answer.queued);
      return queryClient.invalidateQueries({ queryKey: pipelineToolsKeys.testResults(orderId) });
    },
  });

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth fullScreen={narrow} aria-labelledby="test-pipeline-title">
      <DialogTitle id="test-pipeline-title">{t('pipelineTools.dialogTitle', { count: images.length })}</DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText>{t('pipelineTools.explain')}</DialogContentText>
        {tooMany && (
          <Typography color="error" role="alert">
            {t('pipelineTools.tooMany', { max: TEST_PIPELINE_MAX_IMAGES })}
          </Typography>
        )}
        {queued !== null && (
          <Typography role="status" data-testid="test-pipeline-queued">
            {t('pipelineTools.queued', { count: queued, total: images.length })}
          </Typography>
        )}
        {results.isError && (
          <Typography color="error" role="alert">
            {results.error.message}
          </Typography>
        )}
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
          {sorted.map((image) => {
            const run = runs.get(image.id);
            return (
              <Box
                component="li"
                key={image.id}
                data-testid={`test-run-${image.position}`}
                data-state={run?.state ?? 'none'}
                aria-label={t('pipelineTools.picture', { position: image.position })}
                sx={{ display: 'grid', gap: 1, borderBottom: 1, borderColor: 'divider', pb: 2 }}
              >
                <Typography variant="subtitle2">{t('pipelineTools.picture', { position: image.position })}</Typography>
                <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: { xs: 1, sm: 2 } }}>
                  <Side title={t('pipelineTools.current')}>
                    {image.thumbnailUrl || image.url ? (
                      <Box component="img" src={image.thumbnailUrl ?? image.url ?? undefined} alt={t('pipelineTools.currentAlt', { position: image.position })} sx={PICTURE_SX} />
                    ) : (
                      <Box sx={{ ...PICTURE_SX, display: 'grid', placeItems: 'center' }}>
                        <Typography variant="body2">{t('pipelineTools.noPicture')}</Typography>
                      </Box>
                    )}
                    {image.optimisedVia && (
                      <Typography variant="caption" color="text.secondary">
                        {ROUTE_DISPLAY[image.optimisedVia]}
                      </Typography>
                    )}
                  </Side>
                  <Side title={t('pipelineTools.test')}>
                    <TestSide run={run} position={image.position} />
                  </Side>
                </Box>
              </Box>
            );
          })}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('buttons.close')}</Button>
        <Button variant="contained" onClick={() => send.mutate()} disabled={send.isPending || tooMany || images.length === 0}>
          {t('pipelineTools.run')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
