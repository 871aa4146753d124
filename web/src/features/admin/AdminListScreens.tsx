import { APP_VERSION_MESSAGES, type AngleView, type AppSettingView, type AppVersionView, type BannerView, type CarTypeView, type MediaView, TAG_CATEGORIES, TAG_ENTITIES, type TagEntity, type TagView } from '@app/contracts/wire';
import Chip from '@mui/material/Chip';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import EditIcon from '@mui/icons-material/Edit';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Routes } from '@app/contracts/http';
import { adminListKeys } from '../../api/admin';
import { appSettingsKeys, appSettingsQueries, getAppSettings } from '../../api/appSettings';
import { OverlayPreview } from '../../components/OverlayPreview';
import { TagBadge } from '../../components/TagBadge';
import { DataGridPage } from '../../components/data-grid/DataGridPage';
import { useStandardColumns } from '../../components/data-grid/columns';
import { GRID_PAGE_SIZE, useDataGrid } from '../../components/data-grid/useDataGrid';
import { AdminLayout } from './AdminLayout';
import { AppSettingDialog } from './AppSettingDialog';
import { AdminListTab } from './AdminListTab';
import type { FieldSpec } from './adminListTypes';

/* The list endpoints take no sort parameter: every column is unsortable. */
const fixed = <Row extends GridValidRowModel>(columns: GridColDef<Row>[]): GridColDef<Row>[] => columns.map((c) => ({ ...c, sortable: false }));

function useYesNo() {
  const { t } = useTranslation();
  return (value: unknown) => (value ? t('common.yes') : t('common.no'));
}

function Thumb({ media, alt }: { media: MediaView | null; alt: string }) {
  if (!media?.url) return null;
  return <Box component="img" src={media.thumbnailUrl ?? media.url} alt={alt} sx={{ width: 40, height: 40, objectFit: 'contain', verticalAlign: 'middle' }} />;
}

type AngleRow = AngleView;

function useCategories() {
  const { t } = useTranslation();
  return [
    { value: 'exterior', label: t('admin.category.exterior') },
    { value: 'interior', label: t('admin.category.interior') },
  ];
}

export function AnglesScreen() {
  const { t } = useTranslation();
  const std = useStandardColumns<AngleRow>();
  const yesNo = useYesNo();
  const categories = useCategories();
  const fields: FieldSpec[] = [
    { name: 'name', label: t('fields.name'), kind: 'text', required: true },
    { name: 'category', label: t('admin.fields.category'), kind: 'select', options: categories, required: true },
    { name: 'needsAngleCorrection', label: t('admin.fields.needsAngleCorrection'), kind: 'switch' },
    { name: 'needsFlashlight', label: t('admin.fields.needsFlashlight'), kind: 'switch' },
    { name: 'defaultAngleOverlayId', label: t('admin.fields.angleOverlay'), kind: 'file', mediaType: 'angle_overlay', requiredOnCreate: true, current: (r) => (r as AngleRow).defaultAngleOverlay },
    { name: 'defaultFrameOverlayId', label: t('admin.fields.frameOverlay'), kind: 'file', mediaType: 'frame_overlay', current: (r) => (r as AngleRow).defaultFrameOverlay },
  ];
  return (
    <AdminLayout tab="/admin/angles">
      <AdminListTab<AngleRow>
        keys={adminListKeys.angles}
        routes={Routes.angles}
        routeOf={(id) => `/admin/angle/${id}`}
        tabPath="/admin/angles"
        title={t('menu.adminAngles')}
        createLabel={t('admin.angles.create')}
        saveAction={t('admin.angles.save')}
        search
        fields={fields}
        toValues={(r) => ({
          name: r?.name ?? '',
          category: r?.category ?? 'exterior',
          needsAngleCorrection: r?.needsAngleCorrection ?? false,
          needsFlashlight: r?.needsFlashlight ?? false,
          defaultAngleOverlayId: null,
          defaultFrameOverlayId: null,
        })}
        columns={fixed<AngleRow>([
          { field: 'defaultAngleOverlay', headerName: t('admin.fields.angleOverlay'), width: 110, renderCell: ({ row }) => {
            const media = row.defaultAngleOverlay;
            return media?.url ? (
              <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
                <OverlayPreview src={media.thumbnailUrl ?? media.url} alt={row.name} />
              </Box>
            ) : null;
          } },
          { field: 'name', headerName: t('fields.name'), flex: 1, minWidth: 160 },
          { field: 'category', headerName: t('admin.fields.category'), width: 130, valueFormatter: (v: string) => (v ? t(`admin.category.${v as 'exterior' | 'interior'}`) : '') },
          { field: 'needsAngleCorrection', headerName: t('admin.fields.needsAngleCorrection'), width: 150, valueFormatter: yesNo },
          { field: 'needsFlashlight', headerName: t('admin.fields.needsFlashlight'), width: 130, valueFormatter: yesNo },
          std.created(),
          std.updated(),
        ])}
      />
    </AdminLayout>
  );
}

type CarTypeRow = CarTypeView;

export function CarTypesScreen() {
  const { t } = useTranslation();
  const std = useStandardColumns<CarTypeRow>();
  const yesNo = useYesNo();
  const categories = useCategories();
  const fields: FieldSpec[] = [
    { name: 'carTypeName', label: t('fields.name'), kind: 'text', required: true },
    { name: 'iconMediaId', label: t('admin.fields.icon'), kind: 'file', mediaType: 'car_type_icon', requiredOnCreate: true, current: (r) => (r as CarTypeRow).icon },
    { name: 'needsAngleCorrection', label: t('admin.fields.needsAngleCorrection'), kind: 'switch' },
    { name: 'category', label: t('admin.fields.category'), kind: 'select', options: [{ value: '', label: t('common.none') }, ...categories] },
  ];
  return (
    <AdminLayout tab="/admin/car-types">
      <AdminListTab<CarTypeRow>
        keys={adminListKeys.carTypes}
        routes={Routes.carTypes}
        routeOf={(id) => `/admin/car-type/${id}`}
        tabPath="/admin/car-types"
        title={t('menu.adminCarTypes')}
        createLabel={t('admin.carTypes.create')}
        saveAction={t('admin.carTypes.save')}
        search
        fields={fields}
        toValues={(r) => ({ carTypeName: r?.carTypeName ?? '', iconMediaId: null, needsAngleCorrection: r?.needsAngleCorrection ?? false, category: r?.category ?? '' })}
        columns={fixed<CarTypeRow>([
          { field: 'icon', headerName: t('admin.fields.icon'), width: 90, renderCell: ({ row }) => <Thumb media={row.icon} alt={row.carTypeName} /> },
          { field: 'carTypeName', headerName: t('fields.name'), flex: 1, minWidth: 160 },
          { field: 'category', headerName: t('admin.fields.category'), width: 130, valueFormatter: (v: string | null) => (v ? t(`admin.category.${v as 'exterior' | 'interior'}`) : '') },
          { field: 'needsAngleCorrection', headerName: t('admin.fields.needsAngleCorrection'), width: 150, valueFormatter: yesNo },
          std.created(),
          std.updated(),
        ])}
      />
    </AdminLayout>
  );
}

type TagRow = TagView;

export function TagsScreen() {
  const { t } = useTranslation();
  const std = useStandardColumns<TagRow>();
  const entityLabel = (e: string) => t(`admin.tags.entities.${e as TagEntity}`);
  const fields: FieldSpec[] = [
    { name: 'name', label: t('fields.name'), kind: 'text', required: true },
    { name: 'category', label: t('admin.fields.category'), kind: 'select', required: true, options: TAG_CATEGORIES.map((c) => ({ value: c, label: c })) },
    { name: 'entity', label: t('admin.tags.fields.entity'), kind: 'select', required: true, options: TAG_ENTITIES.map((e) => ({ value: e, label: entityLabel(e) })) },
    { name: 'color', label: t('admin.tags.fields.color'), kind: 'text', required: true, helper: t('admin.tags.colorHelp') },
  ];
  return (
    <AdminLayout tab="/admin/tags">
      <AdminListTab<TagRow>
        keys={adminListKeys.tags}
        routes={Routes.tags}
        routeOf={(id) => `/admin/tag/${id}`}
        tabPath="/admin/tags"
        title={t('menu.adminTags')}
        createLabel={t('admin.tags.create')}
        saveAction={t('admin.tags.save')}
        search
        selectFilters={[
          { name: 'category', label: t('admin.fields.category'), options: TAG_CATEGORIES.map((c) => ({ value: c, label: c })) },
          { name: 'entity', label: t('admin.tags.fields.entity'), options: TAG_ENTITIES.map((e) => ({ value: e, label: entityLabel(e) })) },
        ]}
        fields={fields}
        toValues={(r) => ({ name: r?.name ?? '', category: r?.category ?? 'QA_EDITOR', entity: r?.entity ?? 'order', color: r?.color ?? 'blue' })}
        columns={fixed<TagRow>([
          { field: 'name', headerName: t('fields.name'), flex: 1, minWidth: 160, renderCell: ({ row }) => <TagBadge tag={row} /> },
          { field: 'category', headerName: t('admin.fields.category'), width: 160 },
          { field: 'entity', headerName: t('admin.tags.fields.entity'), width: 120, valueFormatter: (v: string) => entityLabel(v) },
          { field: 'color', headerName: t('admin.tags.fields.color'), width: 120 },
          std.created(),
          std.updated(),
        ])}
      />
    </AdminLayout>
  );
}

type BannerRow = BannerView;

export function BannersScreen() {
  const { t } = useTranslation();
  const std = useStandardColumns<BannerRow>();
  const fields: FieldSpec[] = [
    { name: 'message', label: t('admin.banners.fields.message'), kind: 'multiline', required: true },
    { name: 'isActive', label: t('common.visible'), kind: 'switch', helper: t('admin.banners.visibleHelp') },
  ];
  return (
    <AdminLayout tab="/admin/banners">
      <AdminListTab<BannerRow>
        keys={adminListKeys.banners}
        routes={Routes.banners}
        routeOf={(id) => `/admin/banner/${id}`}
        tabPath="/admin/banners"
        title={t('menu.adminBanners')}
        createLabel={t('admin.banners.create')}
        saveAction={t('admin.banners.save')}
        fields={fields}
        intro={t('admin.banners.where')}
        // a new banner is hidden until the admin publishes it
        toValues={(r) => ({ message: r?.message ?? '', isActive: r?.isActive ?? false })}
        columns={fixed<BannerRow>([
          { field: 'message', headerName: t('admin.banners.fields.message'), flex: 1, minWidth: 240 },
          {
            field: 'isActive',
            headerName: t('admin.banners.fields.status'),
            width: 120,
            renderCell: ({ value }) => <Chip size="small" color={value ? 'success' : 'default'} label={value ? t('common.visible') : t('common.hidden')} />,
          },
          std.created(),
          std.updated(),
        ])}
      />
    </AdminLayout>
  );
}

type AppVersionRow = AppVersionView;

export function AppVersionsScreen() {
  const { t } = useTranslation();
  const std = useStandardColumns<AppVersionRow>();
  const yesNo = useYesNo();
  const fields: FieldSpec[] = [
    {
      name: 'versionString',
      label: t('admin.appVersions.fields.version'),
      kind: 'text',
      required: true,
      helper: t('admin.appVersions.versionHelp'),
      serverMessages: { [APP_VERSION_MESSAGES.versionFormat]: t('admin.appVersions.versionFormat'), [APP_VERSION_MESSAGES.duplicate]: t('admin.appVersions.duplicate') },
    },
    { name: 'platform', label: t('admin.appVersions.fields.platform'), kind: 'select', required: true, options: [{ value: 'Android', label: 'Android' }, { value: 'iOS', label: 'iOS' }] },
    { name: 'needsDatabaseDeleteOnMobile', label: t('admin.appVersions.fields.deleteDatabase'), kind: 'switch' },
    { name: 'isTheRequiredMinimumVersionCurrently', label: t('admin.appVersions.fields.requiredMinimum'), kind: 'switch' },
  ];
  return (
    <AdminLayout tab="/admin/app-versions">
      <AdminListTab<AppVersionRow>
        keys={adminListKeys.appVersions}
        routes={Routes.appVersions}
        routeOf={(id) => `/admin/app-version/${id}`}
        tabPath="/admin/app-versions"
        title={t('menu.adminAppVersions')}
        createLabel={t('admin.appVersions.create')}
        saveAction={t('admin.appVersions.save')}
        deletable={{ name: (r) => r.versionString, action: t('admin.appVersions.delete'), label: (r) => t('admin.appVersions.deleteOf', { version: r.versionString }) }}
        fields={fields}
        toValues={(r) => ({
          versionString: r?.versionString ?? '',
          platform: r?.platform ?? 'Android',
          needsDatabaseDeleteOnMobile: r?.needsDatabaseDeleteOnMobile ?? false,
          isTheRequiredMinimumVersionCurrently: r?.isTheRequiredMinimumVersionCurrently ?? false,
        })}
        columns={fixed<AppVersionRow>([
          { field: 'versionString', headerName: t('admin.appVersions.fields.version'), flex: 1, minWidth: 120 },
          { field: 'platform', headerName: t('admin.appVersions.fields.platform'), width: 120 },
          { field: 'needsDatabaseDeleteOnMobile', headerName: t('admin.appVersions.fields.deleteDatabase'), width: 180, valueFormatter: yesNo },
          { field: 'isTheRequiredMinimumVersionCurrently', headerName: t('admin.appVersions.fields.requiredMinimum'), width: 180, valueFormatter: yesNo },
          std.created(),
          std.updated(),
        ])}
      />
    </AdminLayout>
  );
}

/**
 * App settings: GET /api/appSettings lists them with their value type, category and whether
 * they hold one value or a list; clicking a row (or its edit button) opens a modal that edits
 * the value (PUT /api/appSettings/{name}, admin only) with an input fitting the setting's
 * valueType; Add setting opens it empty (POST /api/appSettings).
 */
export function AppSettingsScreen() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<AppSettingView | null>(null);
  const [creating, setCreating] = useState(false);
  const all = useQuery(appSettingsQueries.list());
  const grid = useDataGrid<AppSettingView>({
    queryKey: appSettingsKeys.grid(),
    fetchPage: async (query, signal) => {
      // the cache rather than `all.data`: after a save the list is refreshed before the grid
      const items = queryClient.getQueryData<AppSettingView[]>(appSettingsKeys.list()) ?? all.data ?? (await getAppSettings(signal));
      const start = (query.page - 1) * GRID_PAGE_SIZE;
      return { items: items.slice(start, start + GRID_PAGE_SIZE), total: items.length };
    },
  });
  return (
    <AdminLayout tab="/admin/app-settings">
      <DataGridPage<AppSettingView>
        grid={grid}
        title={t('menu.adminAppSettings')}
        getRowId={(row) => row.name}
        onRowOpen={setEditing}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
            {t('admin.appSettings.create')}
          </Button>
        }
        columns={fixed<AppSettingView>([
          { field: 'name', headerName: t('fields.name'), flex: 1, minWidth: 200 },
          { field: 'value', headerName: t('admin.appSettings.fields.value'), flex: 1, minWidth: 200 },
          { field: 'valueType', headerName: t('admin.appSettings.fields.valueType'), width: 120, valueFormatter: (value: AppSettingView['valueType']) => t(`admin.appSettings.valueTypes.${value}`) },
          {
            field: 'settingType',
            headerName: t('admin.appSettings.fields.settingType'),
            width: 150,
            valueFormatter: (value: AppSettingView['settingType']) => t(`admin.appSettings.settingTypes.${value}`),
          },
          {
            field: 'category',
            headerName: t('admin.appSettings.fields.category'),
            width: 170,
            valueFormatter: (value: AppSettingView['category']) => (value ? t(`admin.appSettings.categories.${value}`) : ''),
          },
          {
            field: 'edit',
            headerName: t('buttons.edit'),
            width: 90,
            renderCell: ({ row }) => (
              <IconButton size="small" aria-label={t('admin.appSettings.editLabel', { name: row.name })} onClick={() => setEditing(row)}>
                <EditIcon fontSize="small" />
              </IconButton>
            ),
          },
        ])}
      />
      {editing && <AppSettingDialog key={editing.name} setting={editing} onClose={() => setEditing(null)} />}
      {creating && <AppSettingDialog setting={null} onClose={() => setCreating(false)} />}
    </AdminLayout>
  );
}
