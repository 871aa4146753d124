import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { SERVICE_NAMES, type HealthView, type SegmentationHealthView, type ServiceName } from '@app/contracts/wire';
import { LanguageSelector } from '../../components/LanguageSelector';
import { Logo } from '../../components/Logo';
import { visuallyHidden } from '../../components/visuallyHidden';
import { formatDateTime } from '../../utils/date';
import { useHealth } from './useHealth';

type RowState = 'up' | 'down' | 'unknown';

const CHIP_COLOR = { up: 'success', down: 'error', unknown: 'default' } as const;

function rowState(data: HealthView | undefined, service: ServiceName): RowState {
  return data?.services[service] ?? 'unknown';
}

/** The segmentation network as the chip names it: IS-Net with its model, the in-worker model, or the fallback. */
function networkLabel(t: TFunction, segmentation: SegmentationHealthView): string {
  if (segmentation.kind === 'classical') return t('status.segmentation.classical');
  if (segmentation.kind === 'onnx') return t('status.segmentation.onnx', { model: segmentation.model ?? '' });
  return segmentation.model ? t('status.segmentation.isnet', { model: segmentation.model }) : t('status.segmentation.isnetUnnamed');
}

/**
 * The row of the AI routes' segmentation network, after the services: which network (the
 * segmenter service's IS-Net, a model in the pipeline, or the classical fallback without a
 * network) and whether it is there. Staff signed in also see why it is down.
 */
function SegmentationRow({ segmentation }: { segmentation: SegmentationHealthView | undefined }) {
  const { t } = useTranslation();
  const state: RowState = segmentation?.status ?? 'unknown';
  const known = segmentation !== undefined && segmentation.kind !== undefined && state !== 'unknown';
  const classical = segmentation?.kind === 'classical';
  const label = !known
    ? t(`status.state.${state}`)
    : classical
      ? networkLabel(t, segmentation)
      : t('status.segmentation.chip', { network: networkLabel(t, segmentation), state: t(`status.state.${state}`) });
  return (
    <TableRow data-testid="segmentation" data-state={state} data-kind={segmentation?.kind ?? ''}>
      <TableCell component="th" scope="row">
        <Typography sx={{ fontWeight: 500 }}>{t('status.segmentation.name')}</Typography>
        {segmentation?.kind && (
          <Typography variant="caption" sx={{ color: 'text.secondary', fontFamily: 'monospace' }}>
            {segmentation.kind}
          </Typography>
        )}
        {segmentation?.reason && (
          <Typography variant="body2" sx={{ color: 'error.main', mt: 0.5 }}>
            {t('status.segmentation.reason', { reason: segmentation.reason })}
          </Typography>
        )}
      </TableCell>
      <TableCell align="right">
        <Chip
          label={label}
          color={known && classical ? 'default' : CHIP_COLOR[state]}
          variant={known ? 'filled' : 'outlined'}
          // the network's name is long: on a phone it wraps inside the chip instead of widening the table
          sx={{ minWidth: 88, maxWidth: '100%', height: 'auto', py: 0.5, fontWeight: 600, '& .MuiChip-label': { whiteSpace: 'normal', textAlign: 'center' } }}
        />
      </TableCell>
    </TableRow>
  );
}

function Header() {
  const { t } = useTranslation();
  return (
    <AppBar position="static" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: 1.5 }}>
        <Logo size={32} />
        <Typography component="span" sx={{ fontWeight: 600, flexGrow: 1 }} noWrap>
          {t('app.name')}
        </Typography>
        <LanguageSelector />
      </Toolbar>
    </AppBar>
  );
}

/** `/status`: the gateway's view of every back-end service and of the AI routes' segmentation network, refreshed every 5 seconds. */
export function StatusPage() {
  const { t } = useTranslation();
  const health = useHealth();
  const { data, error, isError, isPending, isFetching, dataUpdatedAt, errorUpdatedAt } = health;

  const lastChecked = Math.max(dataUpdatedAt, errorUpdatedAt);
  const down = data ? SERVICE_NAMES.filter((s) => rowState(data, s) !== 'up').length : 0;
  // the AI routes fail when the segmenter service they rely on is down (the gateway says degraded)
  const networkDown = data?.segmentation?.kind === 'http' && data.segmentation.status === 'down';
  // When the gateway stops answering, the last known answer stays on screen, marked as stale.
  const stale = isError && data !== undefined;

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Header />
      <Container component="main" maxWidth="md" sx={{ py: { xs: 3, sm: 5 } }}>
        <Box sx={{ mb: 3 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
            <Typography variant="h1">{t('status.title')}</Typography>
            <Button
              variant="outlined"
              onClick={() => void health.refetch()}
              disabled={isFetching}
              startIcon={isFetching ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              {t('status.checkNow')}
            </Button>
          </Box>
          <Typography sx={{ color: 'text.secondary', mt: 1 }}>{t('status.subtitle')}</Typography>
          {lastChecked > 0 && (
            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 0.5 }} data-testid="last-checked">
              {t('status.lastChecked', { time: formatDateTime(lastChecked) })}
            </Typography>
          )}
        </Box>

        <Box sx={{ mb: 3 }} aria-live="polite">
          {isError ? (
            <Alert severity="error" variant="filled">
              <AlertTitle>{t('status.unreachable.title')}</AlertTitle>
              {t('status.unreachable.detail')}
              {stale && <Box>{t('status.unreachable.lastKnown', { time: formatDateTime(dataUpdatedAt) })}</Box>}
              <Box component="code" sx={{ display: 'block', mt: 1, fontSize: '0.8125rem', opacity: 0.9 }}>
                {t('status.unreachable.technical', { message: error.message })}
              </Box>
            </Alert>
          ) : isPending ? (
            <Alert severity="info" icon={<CircularProgress size={20} aria-hidden="true" />}>
              {t('status.overall.checking')}
            </Alert>
          ) : data.status === 'ok' && down === 0 && !networkDown ? (
            <Alert severity="success">
              <AlertTitle sx={{ mb: 0 }}>{t('status.overall.ok')}</AlertTitle>
            </Alert>
          ) : (
            <Alert severity="warning">
              <AlertTitle>{down > 0 || !networkDown ? t('status.overall.degraded') : t('status.segmentation.downTitle')}</AlertTitle>
              {(down > 0 || !networkDown) && <Box>{t('status.overall.degradedDetail', { down, total: SERVICE_NAMES.length })}</Box>}
              {networkDown && down > 0 && <Box sx={{ mt: 1, fontWeight: 500 }}>{t('status.segmentation.downTitle')}</Box>}
              {networkDown && <Box>{t('status.segmentation.downDetail')}</Box>}
            </Alert>
          )}
        </Box>

        <Paper variant="outlined" sx={{ overflow: 'hidden', opacity: stale ? 0.6 : 1, transition: 'opacity 200ms' }}>
          <Table aria-busy={isPending}>
            <Box component="caption" sx={visuallyHidden}>
              {t('status.table.caption')}
            </Box>
            <TableHead>
              <TableRow>
                <TableCell>{t('status.table.service')}</TableCell>
                <TableCell align="right">{t('status.table.state')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {SERVICE_NAMES.map((service) => {
                const state = rowState(data, service);
                return (
                  <TableRow key={service} data-testid={`service-${service}`} data-state={state}>
                    <TableCell component="th" scope="row">
                      <Typography sx={{ fontWeight: 500 }}>{t(`status.services.${service}`)}</Typography>
                      <Typography variant="caption" sx={{ color: 'text.secondary', fontFamily: 'monospace' }}>
                        {service}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">
                      <Chip
                        label={t(`status.state.${state}`)}
                        color={CHIP_COLOR[state]}
                        variant={state === 'unknown' ? 'outlined' : 'filled'}
                        sx={{ minWidth: 88, fontWeight: 600 }}
                      />
                    </TableCell>
                  </TableRow>
                );
              })}
              <SegmentationRow segmentation={data?.segmentation} />
            </TableBody>
          </Table>
        </Paper>
      </Container>
    </Box>
  );
}
