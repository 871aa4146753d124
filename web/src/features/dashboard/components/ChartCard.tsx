import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { createContext, useContext, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadCsv, type CsvRow } from '../csv';

export interface ChartCardProps {
  title: string;
  subtitle?: string;
  loading?: boolean;
  error?: unknown;
  empty?: boolean;
  /** the chart's numbers as a file: a Download CSV button in the header */
  csv?: { filename: string; rows: CsvRow[] };
  /** more controls in the header (a picker), before the download button */
  action?: ReactNode;
  /**
   * A chart shown in two sections of a page (the image ratios: their own section and QA's) is
   * named with its section's visible title as well ("QA Edited images per order"), so each
   * region has a name of its own.
   */
  namedWithSection?: boolean;
  children: ReactNode;
}

/** The id of the visible title of the dashboard section the charts below are in. */
export const ChartSectionTitleId = createContext<string | undefined>(undefined);

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One chart of a dashboard: its title (an `h2`) and subtitle, then a skeleton while it loads,
 * a line when it could not be loaded, "No data yet" when there is nothing to draw, or the
 * chart. The download button saves `csv.rows` (disabled while there is nothing to save).
 */
export function ChartCard({ title, subtitle, loading = false, error, empty = false, csv, action, namedWithSection = false, children }: ChartCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const sectionTitleId = useContext(ChartSectionTitleId);
  const labelledBy = namedWithSection && sectionTitleId ? `${sectionTitleId} ${titleId}` : titleId;
  const failed = error !== undefined && error !== null;
  const download = t('dashboard.common.downloadCsv');
  const canDownload = !loading && !failed && !empty && csv !== undefined && csv.rows.length > 0;

  return (
    <Card variant="outlined" component="section" aria-labelledby={labelledBy} sx={{ minWidth: 0, display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ display: 'grid', gap: 1.5, flex: 1, alignContent: 'start', '&:last-child': { pb: 2 } }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Box sx={{ minWidth: 0, flex: '1 1 12rem' }}>
            <Typography id={titleId} variant="h2" sx={{ fontSize: '1.125rem', overflowWrap: 'anywhere' }}>
              {title}
            </Typography>
            {subtitle && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {subtitle}
              </Typography>
            )}
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', maxWidth: '100%' }}>
            {action}
            {csv && (
              <Tooltip title={download}>
                <span>
                  <IconButton aria-label={download} disabled={!canDownload} onClick={() => downloadCsv(csv.filename, csv.rows)} size="small">
                    <FileDownloadOutlined fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            )}
          </Box>
        </Box>
        {loading ? (
          <Skeleton variant="rounded" height={220} role="progressbar" aria-label={t('common.loading')} data-testid="chart-loading" />
        ) : failed ? (
          <Alert severity="error">{t('dashboard.common.loadError', { message: messageOf(error) })}</Alert>
        ) : empty ? (
          <Box sx={{ minHeight: 120, display: 'grid', placeItems: 'center', textAlign: 'center' }}>
            <Typography color="text.secondary">{t('dashboard.common.noData')}</Typography>
          </Box>
        ) : (
          <Box sx={{ minWidth: 0 }}>{children}</Box>
        )}
      </CardContent>
    </Card>
  );
}
