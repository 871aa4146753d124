import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import FirstPage from '@mui/icons-material/FirstPage';
import LastPage from '@mui/icons-material/LastPage';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyTooltip } from '../LazyTooltip';
import type { DataGridView } from './useDataGrid';

export interface GridPagerProps {
  /** what `useDataGrid` returned */
  grid: Pick<DataGridView<unknown>, 'page' | 'pageCount' | 'total' | 'first' | 'previous' | 'next' | 'last'>;
  /** how many rows are chosen, with checkbox selection */
  selected?: number;
}

function PagerButton({ label, disabled, onClick, children }: { label: string; disabled: boolean; onClick: () => void; children: ReactNode }) {
  // a disabled button gets no hover events: the tooltip wraps a span
  return (
    <LazyTooltip title={label}>
      <span>
        <IconButton aria-label={label} disabled={disabled} onClick={onClick} size="small">
          {children}
        </IconButton>
      </span>
    </LazyTooltip>
  );
}

/** First, previous, next, last, and where we are (every list screen). */
export function GridPager({ grid, selected }: GridPagerProps) {
  const { t } = useTranslation();
  const { page, pageCount, total } = grid;
  const atStart = page <= 1;
  const atEnd = page >= pageCount;
  return (
    <Box
      component="nav"
      aria-label={t('grid.pagination')}
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1, px: 1.5, py: 1, borderTop: 1, borderColor: 'divider' }}
    >
      {selected !== undefined && selected > 0 && (
        <Typography variant="body2" sx={{ mr: 'auto', fontWeight: 600 }} data-testid="grid-selected">
          {t('grid.selected', { count: selected })}
        </Typography>
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="grid-total">
        {t('grid.total', { count: total })}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center' }}>
        <PagerButton label={t('grid.first')} disabled={atStart} onClick={grid.first}>
          <FirstPage />
        </PagerButton>
        <PagerButton label={t('grid.previous')} disabled={atStart} onClick={grid.previous}>
          <ChevronLeft />
        </PagerButton>
        <Typography variant="body2" sx={{ mx: 1, minWidth: 96, textAlign: 'center' }} aria-live="polite" data-testid="grid-page">
          {t('grid.pageOf', { page, pages: pageCount })}
        </Typography>
        <PagerButton label={t('grid.next')} disabled={atEnd} onClick={grid.next}>
          <ChevronRight />
        </PagerButton>
        <PagerButton label={t('grid.last')} disabled={atEnd} onClick={grid.last}>
          <LastPage />
        </PagerButton>
      </Box>
    </Box>
  );
}
