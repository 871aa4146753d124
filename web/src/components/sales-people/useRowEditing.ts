import type { SalesPersonRequest, SalesPersonView } from '@app/contracts/wire';
import {
  GridRowEditStopReasons,
  GridRowModes,
  useGridApiRef,
  type GridEventListener,
  type GridRowModesModel,
} from '@mui/x-data-grid';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/client';
import { salesPeopleApi } from '../../api/salesPeople';
import { useApiMutation } from '../../api/useApiMutation';
import type { GridEditing } from '../data-grid/DataGridPage';
import { rowChanges } from './salesPeopleLogic';

/** What the screen tells above the grid about the inline edit. */
export type EditNotice = 'saveFirst' | 'fillAll' | { message: string };

/**
 * Inline editing of the sales people grid, one row at a time: Edit opens a row; editing a
 * second row before saving the first is refused with "save before editing another row"; Save
 * checks the row with the server's rules (an invalid row shows the fill alert and stays open),
 * then `PUT /salesman/{id}` with what changed; a refusal (a taken e-mail) shows its message and
 * the row stays open. Escape or Cancel drops the changes. Leaving the row does not save it.
 */
export function useRowEditing(onSaved: (saved: SalesPersonView) => void) {
  const { t } = useTranslation();
  const apiRef = useGridApiRef();
  const [rowModesModel, setRowModesModel] = useState<GridRowModesModel>({});
  const [notice, setNotice] = useState<EditNotice | null>(null);
  const saved = useRef(new Map<string, SalesPersonView>());

  const editingId = Object.entries(rowModesModel).find(([, m]) => m.mode === GridRowModes.Edit)?.[0] ?? null;

  const update = useApiMutation({
    action: t('salesPeople.saveAction'),
    mutationFn: ({ id, patch }: { id: string; patch: Partial<SalesPersonRequest> }) => salesPeopleApi.update(id, patch),
  });

  const edit = useCallback(
    (id: string) => {
      if (editingId !== null && editingId !== id) return setNotice('saveFirst');
      setNotice(null);
      setRowModesModel((m) => ({ ...m, [id]: { mode: GridRowModes.Edit, fieldToFocus: 'name' } }));
    },
    [editingId],
  );

  const cancel = useCallback((id: string) => {
    setNotice(null);
    setRowModesModel((m) => ({ ...m, [id]: { mode: GridRowModes.View, ignoreModifications: true } }));
  }, []);

  const save = useCallback(
    async (row: SalesPersonView) => {
      if (update.isPending) return;
      const values = apiRef.current?.getRowWithUpdatedValues(row.id, 'name') as SalesPersonRequest | undefined;
      const { valid, patch } = rowChanges(row, values ?? row);
      if (!valid) return setNotice('fillAll');
      setNotice(null);
      let result: SalesPersonView = row;
      if (Object.keys(patch).length > 0) {
        try {
          result = await update.mutateAsync({ id: row.id, patch });
        } catch (error) {
          if (isApiError(error)) setNotice({ message: error.message });
          return;
        }
      }
      saved.current.set(row.id, result);
      setRowModesModel((m) => ({ ...m, [row.id]: { mode: GridRowModes.View } }));
      onSaved(result);
    },
    [apiRef, update, onSaved],
  );

  const onRowModesModelChange = useCallback(
    (next: GridRowModesModel) => {
      const editing = Object.entries(next).filter(([, m]) => m.mode === GridRowModes.Edit).map(([id]) => id);
      // a double-click on a second row while one is open
      if (editing.length > 1 || (editing.length === 1 && editingId !== null && editing[0] !== editingId)) return setNotice('saveFirst');
      setRowModesModel(next);
    },
    [editingId],
  );

  const onRowEditStop: GridEventListener<'rowEditStop'> = (params, event) => {
    // leaving the row keeps it open; Enter saves through the same checks as Save; Escape cancels
    if (params.reason === GridRowEditStopReasons.rowFocusOut) event.defaultMuiPrevented = true;
    if (params.reason === GridRowEditStopReasons.enterKeyDown) {
      event.defaultMuiPrevented = true;
      void save(params.row as SalesPersonView);
    }
    if (params.reason === GridRowEditStopReasons.escapeKeyDown) setNotice(null);
  };

  const grid: GridEditing<SalesPersonView> = {
    apiRef,
    editMode: 'row',
    rowModesModel,
    onRowModesModelChange,
    onRowEditStop,
    // what the server answered is what the row shows
    processRowUpdate: (next: SalesPersonView) => saved.current.get(next.id) ?? next,
  };

  return { grid, editingId, edit, cancel, save, saving: update.isPending, notice, clearNotice: () => setNotice(null) };
}
