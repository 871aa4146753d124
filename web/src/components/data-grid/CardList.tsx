import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * The thin bar over a list while a page loads. When nothing loads, an empty strip of the same
 * height keeps the rows in place: a hidden indeterminate bar would go on animating, and a
 * list page left open would keep the browser busy (about a tenth of a core).
 */
export function FetchingBar({ fetching }: { fetching: boolean }) {
  return fetching ? <LinearProgress aria-hidden="true" sx={{ height: 2 }} /> : <Box aria-hidden="true" sx={{ height: 2 }} />;
}

/** One column of a row as a card shows it: its header and what the cell would show. */
export interface CardField {
  field: string;
  header: string;
  value: ReactNode;
  /** buttons (actions, delete): drawn under the fields, at the right, without a label */
  action?: boolean;
}

const isEmpty = (value: ReactNode) => value === null || value === undefined || value === false || value === '';

/**
 * A row of a list on a phone, for lists without a card of their own: the first field as the
 * card's title, every other one under it as "header: value" (a definition list, so a screen
 * reader reads the pair), the row's buttons at the bottom. Nothing is cut off: long values wrap.
 */
export function FieldCard({ fields }: { fields: CardField[] }) {
  const data = fields.filter((f) => !f.action);
  const actions = fields.filter((f) => f.action);
  const [title, ...rest] = data;
  return (
    <Box sx={{ display: 'grid', gap: 0.75, minWidth: 0 }} data-testid="field-card">
      {title && (
        <Box sx={{ fontWeight: 600, typography: 'body2', overflowWrap: 'anywhere' }} data-field={title.field}>
          {title.value}
        </Box>
      )}
      {rest.length > 0 && (
        <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, auto) minmax(0, 1fr)', columnGap: 1.5, rowGap: 0.5, alignItems: 'center' }}>
          {rest.map((f) => (
            <Box key={f.field} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {f.header}
              </Typography>
              <Box component="dd" sx={{ m: 0, typography: 'body2', minWidth: 0, overflowWrap: 'anywhere' }} data-field={f.field}>
                {isEmpty(f.value) ? '–' : f.value}
              </Box>
            </Box>
          ))}
        </Box>
      )}
      {actions.length > 0 && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 0.5 }}>
          {actions.map((f) => (
            <Box key={f.field} data-field={f.field}>
              {f.value}
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

/**
 * The rows of a list as cards (a phone's list): each a list item that opens like the row
 * when `open` is given for it (a click outside its buttons and links, or Enter), with the
 * thin loading bar above and "Nothing to show" for an empty page.
 */
export function CardList<Row>({
  rows,
  label,
  idOf,
  openerOf,
  card,
  fetching,
  empty,
}: {
  rows: Row[];
  label: string | undefined;
  idOf: (row: Row) => string;
  /** what opening the row does, or undefined for a row that does not open */
  openerOf: (row: Row) => (() => void) | undefined;
  card: (row: Row) => ReactNode;
  fetching: boolean;
  /** shown instead of rows once a page came back empty */
  empty: ReactNode;
}) {
  const opens = (event: { target: EventTarget }) => !(event.target as HTMLElement).closest('button, a, input');
  return (
    <>
      <FetchingBar fetching={fetching} />
      {/* a list holds list items only: while there is no row, the same box without the role says why */}
      <Box role={rows.length > 0 ? 'list' : undefined} aria-label={rows.length > 0 ? label : undefined} data-layout="cards">
        {rows.map((row) => {
          const id = idOf(row);
          const open = openerOf(row);
          return (
            <Box
              key={id}
              role="listitem"
              data-id={id}
              data-openable={open ? 'true' : 'false'}
              tabIndex={open ? 0 : undefined}
              onClick={open ? (event) => opens(event) && open() : undefined}
              onKeyDown={open ? (event) => event.key === 'Enter' && opens(event) && open() : undefined}
              sx={{
                p: 1.5,
                borderBottom: 1,
                borderColor: 'divider',
                cursor: open ? 'pointer' : 'default',
                '&:last-of-type': { borderBottom: 0 },
                ...(open ? { '&:hover': { bgcolor: 'action.hover' } } : {}),
              }}
            >
              {card(row)}
            </Box>
          );
        })}
        {empty}
      </Box>
    </>
  );
}
