import type { MediaKind, MediaView } from '@app/contracts/wire';
import type { GridColDef } from '@mui/x-data-grid';
import type { AdminListKeys, AdminListSource } from '../../api/admin';

/** The shapes a list tab of the admin area is described with: its fields and its props. */
export type FieldValue = string | boolean | File | null;
export type Values = Record<string, FieldValue>;

export type FieldSpec =
  | {
      name: string;
      label: string;
      kind: 'text' | 'multiline';
      required?: boolean;
      helper?: string;
      /** the server's refusals that are about this field (its messages in `@app/contracts/wire`), each with the words the field shows */
      serverMessages?: Readonly<Record<string, string>>;
    }
  | { name: string; label: string; kind: 'select'; options: ReadonlyArray<{ value: string; label: string }>; required?: boolean }
  | { name: string; label: string; kind: 'switch'; helper?: string }
  | { name: string; label: string; kind: 'file'; mediaType: MediaKind; requiredOnCreate?: boolean; current?: (row: unknown) => MediaView | null };

export type AdminListTabProps<Row extends { id: string }> = AdminListTabOptions<Row> &
  /** where its calls go: `routes={Routes.angles}` (list, get, create, update, delete) */
  AdminListSource;

export interface AdminListTabOptions<Row extends { id: string }> {
  /** the resource's query keys (`adminListKeys.angles`) */
  keys: AdminListKeys;
  /** the admin route of one row (opens the edit modal) and of the tab */
  routeOf: (id: string) => string;
  tabPath: string;
  title: string;
  createLabel: string;
  /** what the toasts call a save: "Save angle" */
  saveAction: string;
  columns: GridColDef<Row>[];
  fields: FieldSpec[];
  toValues: (row: Row | undefined) => Values;
  search?: boolean;
  /**
   * choice filters above the list (the tags' category and entity), each a query parameter of
   * the list's URL and of the API call, so a reload or a shared link keeps them; '' is all
   */
  selectFilters?: ReadonlyArray<{ name: string; label: string; options: ReadonlyArray<{ value: string; label: string }> }>;
  /** a sentence above the list saying what the things listed do (where a banner appears) */
  intro?: string;
  /** a delete column (typed-name confirmation) when the API deletes: the row's name to type */
  deletable?: { name: (row: Row) => string; action: string; label: (row: Row) => string };
}
