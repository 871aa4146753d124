import type { SalesPersonView } from '@app/contracts/wire';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ForwardToInboxOutlined from '@mui/icons-material/ForwardToInboxOutlined';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import SaveOutlined from '@mui/icons-material/SaveOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { GridEditInputCell, type GridColDef, type GridPreProcessEditCellProps } from '@mui/x-data-grid';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { salesPeopleApi, salesPeopleKeys } from '../../api/salesPeople';
import { useApiMutation } from '../../api/useApiMutation';
import { ConfirmDeleteDialog } from '../ConfirmDeleteDialog';
import { EditSalesPersonDialog } from './AddSalesPersonDialog';
import { useStandardColumns } from '../data-grid/columns';
import { DataGridPage } from '../data-grid/DataGridPage';
import { useDataGrid } from '../data-grid/useDataGrid';
import { textWidth } from '../data-grid/headerWidth';
import { SALES_PERSON_EMAIL_MAX, SALES_PERSON_NAME_MAX, SALES_PERSON_PHONE_MAX, validateSalesPerson } from './salesPersonRules';
import { loginState, mayActivate, mayResend, type SalesPeopleAbilities } from './salesPeopleLogic';
import { useRowEditing } from './useRowEditing';

/** A data grid cell's padding on both sides, and slack for the font's rounding. */
const CELL_PADDING_PX = 24;

/**
 * The width (px) a text column needs to show its longest value of the page whole, within
 * [least, most]: an e-mail is read whole or not at all, so the column is sized by what it
 * holds, not shared out evenly with the name and the phone.
 */
export function contentWidth(values: readonly string[], least: number, most: number): number {
  const widest = values.reduce((w, v) => Math.max(w, textWidth(v)), 0);
  return Math.min(most, Math.max(least, Math.ceil(widest) + CELL_PADDING_PX));
}

const LOGIN_TONE = { none: 'default', invited: 'warning', active: 'success' } as const;

/** A cell being edited is marked invalid while its value breaks the server's rule. */
const checkCell =
  (field: 'name' | 'email' | 'phone') =>
  ({ props, row }: GridPreProcessEditCellProps) => ({
    ...props,
    error: validateSalesPerson({ name: String(row.name ?? ''), email: String(row.email ?? ''), phone: String(row.phone ?? ''), [field]: String(props.value ?? '') })[field] !== undefined,
  });

function Action({ label, onClick, disabled, icon, color }: { label: string; onClick: () => void; disabled?: boolean; icon: ReactElement; color?: 'error' | 'primary' }) {
  // a disabled button gets no pointer events: the tooltip needs the span around it
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          size="small"
          color={color}
          aria-label={label}
          disabled={disabled}
          onClick={(event) => {
            event.stopPropagation();
            onClick();
          }}
        >
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/**
 * The account's sales people, 10 a page (`GET /salesman/user/{id}`), edited in place: name,
 * e-mail and phone. Beside each: its login (none, invited, active), and the actions the user
 * may take: edit/save/cancel, give a login (admin, a saved row without one), send the
 * invitation again (admin, one that has not chosen its password), delete (typed name).
 */
export function SalesPeopleGrid({
  accountId,
  abilities,
  selectedId,
  linkSearch,
  onDeleted,
}: {
  accountId: string;
  abilities: SalesPeopleAbilities;
  selectedId: string | undefined;
  linkSearch: string;
  onDeleted: (id: string) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const std = useStandardColumns<SalesPersonView>();
  const [deleting, setDeleting] = useState<SalesPersonView | null>(null);
  // on a phone the list is cards: Edit opens a dialog instead of the row
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [editingInDialog, setEditingInDialog] = useState<SalesPersonView | null>(null);
  const grid = useDataGrid<SalesPersonView>({
    queryKey: salesPeopleKeys.pages(accountId),
    fetchPage: (query, signal) => salesPeopleApi.page(accountId, query.page, signal),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: salesPeopleKeys.all() });
  const editing = useRowEditing(() => void refresh());

  const activate = useApiMutation({ action: t('salesPeople.activate'), mutationFn: (id: string) => salesPeopleApi.activate(id), onSuccess: refresh });
  const resend = useApiMutation({ action: t('salesPeople.resend'), mutationFn: (id: string) => salesPeopleApi.resendPassword(id), onSuccess: refresh });

  const editable = abilities.edit;
  const text = (field: 'name' | 'email' | 'phone', headerName: string, max: number, size: { flex?: number; minWidth: number; width?: number }): GridColDef<SalesPersonView> => ({
    field,
    headerName,
    ...size,
    sortable: false,
    editable,
    preProcessEditCellProps: checkCell(field),
    // each key goes to the row's edit state at once, so Save checks exactly what is typed
    renderEditCell: (params) => <GridEditInputCell {...params} debounceMs={0} />,
    valueParser: (value: string) => value.slice(0, max),
  });

  const columns: GridColDef<SalesPersonView>[] = [
    // sized by what the page holds: the e-mail whole (the longest of the page, up to 440 px), the
    // phone as wide as its longest number; the room left goes to the name and the e-mail
    text('name', t('fields.name'), SALES_PERSON_NAME_MAX, { flex: 1, minWidth: contentWidth(grid.rows.map((r) => r.name), 140, 260) }),
    text('email', t('fields.email'), SALES_PERSON_EMAIL_MAX, { flex: 1.5, minWidth: contentWidth(grid.rows.map((r) => r.email), 200, 440) }),
    text('phone', t('fields.phone'), SALES_PERSON_PHONE_MAX, { width: contentWidth(grid.rows.map((r) => r.phone), 130, 220), minWidth: 130 }),
    {
      field: 'loginActivated',
      headerName: t('salesPeople.fields.login'),
      sortable: false,
      // the longest state ("No login" in Hindi) whole
      minWidth: 170,
      renderCell: ({ row }) => {
        const state = loginState(row);
        return <Chip size="small" variant="outlined" color={LOGIN_TONE[state]} label={t(`salesPeople.login.${state}`)} />;
      },
    },
    { ...std.created(), sortable: false },
  ];
  const hasActions = abilities.edit || abilities.remove || abilities.manageLogins;
  if (hasActions) {
    columns.push({
      field: '__actions__',
      headerName: t('common.actions'),
      sortable: false,
      width: 170,
      align: 'right',
      headerAlign: 'right',
      renderCell: ({ row }) => {
        const open = editing.editingId === row.id;
        return (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', height: '100%' }}>
            {abilities.edit && open && (
              <>
                <Action label={t('buttons.save')} icon={<SaveOutlined fontSize="small" />} color="primary" disabled={editing.saving} onClick={() => void editing.save(row)} />
                <Action label={t('buttons.cancel')} icon={<CancelOutlined fontSize="small" />} disabled={editing.saving} onClick={() => editing.cancel(row.id)} />
              </>
            )}
            {abilities.edit && !open && (
              <Action
                label={t('salesPeople.editOf', { name: row.name })}
                icon={<EditOutlined fontSize="small" />}
                onClick={() => (narrow ? setEditingInDialog(row) : editing.edit(row.id))}
              />
            )}
            {abilities.manageLogins && loginState(row) === 'none' && (
              <Action
                label={t('salesPeople.activateOf', { name: row.name })}
                icon={<HowToRegOutlined fontSize="small" />}
                disabled={!mayActivate(row, editing.editingId) || activate.isPending}
                onClick={() => activate.mutate(row.id)}
              />
            )}
            {abilities.manageLogins && loginState(row) === 'invited' && (
              <Action
                label={t('salesPeople.resendOf', { name: row.name })}
                icon={<ForwardToInboxOutlined fontSize="small" />}
                disabled={!mayResend(row, editing.editingId) || resend.isPending}
                onClick={() => resend.mutate(row.id)}
              />
            )}
            {abilities.remove && (
              <Action
                label={t('common.deleteOf', { name: row.name })}
                icon={<DeleteOutlined fontSize="small" />}
                color="error"
                disabled={open}
                onClick={() => setDeleting(row)}
              />
            )}
          </Box>
        );
      },
    });
  }

  const notice = editing.notice;
  return (
    <>
      {notice !== null && (
        <Alert severity={notice === 'saveFirst' ? 'warning' : 'error'} onClose={editing.clearNotice}>
          {notice === 'saveFirst' ? t('salesPeople.saveFirst') : notice === 'fillAll' ? t('salesPeople.fillAll') : notice.message}
        </Alert>
      )}
      <DataGridPage<SalesPersonView>
        grid={grid}
        columns={columns}
        label={t('salesPeople.title')}
        rowLink={(row) => (editing.editingId === row.id || row.id === selectedId ? undefined : `/salesmen/${row.id}${linkSearch}`)}
        editing={editable && !narrow ? editing.grid : undefined}
      />
      {editingInDialog && (
        <EditSalesPersonDialog
          person={editingInDialog}
          onClose={() => setEditingInDialog(null)}
          onSaved={() => {
            setEditingInDialog(null);
            return refresh();
          }}
        />
      )}
      <ConfirmDeleteDialog
        name={deleting?.name ?? null}
        action={t('salesPeople.delete')}
        onDelete={() => salesPeopleApi.remove(deleting!.id)}
        onDeleted={() => {
          const id = deleting!.id;
          setDeleting(null);
          onDeleted(id);
          return refresh();
        }}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
