import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FileButton } from '../../components/FileButton';
import { adminListCalls, uploadMedia } from '../../api/admin';
import { FormField } from '../../components/form/FormField';
import { FormDialog } from '../../components/form/FormDialog';
import { isOverlayKind, OverlayPreview } from '../../components/OverlayPreview';
import { useForm } from '../../components/form/useForm';
import type { FieldErrors } from '../../utils/fieldError';
import type { AdminListTabProps, FieldSpec, Values } from './adminListTypes';

/** A required field left empty; a file required when creating and not chosen. */
export function validateAdminListValues(fields: readonly FieldSpec[], values: Values, creating: boolean): FieldErrors<Values> {
  const errors: FieldErrors<Values> = {};
  for (const spec of fields) {
    const value = values[spec.name];
    const missing =
      spec.kind === 'file'
        ? creating && spec.requiredOnCreate && !(value instanceof File)
        : spec.kind !== 'switch' && spec.required && !(typeof value === 'string' && value.trim());
    if (missing) errors[spec.name] = { key: 'validation.required' };
  }
  return errors;
}

type AdminListEditDialogProps<Row extends { id: string }> = AdminListTabProps<Row> & {
  row: Row | undefined;
  loading: boolean;
  creating: boolean;
  onClose: () => void;
};

/** The create and edit modal of an admin list tab, its fields described by `fields`; files upload before the save. */
export function AdminListEditDialog<Row extends { id: string }>({ row, loading, creating, onClose, ...props }: AdminListEditDialogProps<Row>) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: props.toValues(row),
    validate: (values) => validateAdminListValues(props.fields, values, creating),
    action: props.saveAction,
    // a refusal about one field (a version not written like 1.2.34) shows on that field
    serverErrorField: (error) => props.fields.find((spec) => 'serverMessages' in spec && spec.serverMessages?.[error.message] !== undefined)?.name,
    mutationFn: async (input: Values) => {
      const body: Record<string, unknown> = {};
      for (const spec of props.fields) {
        const value = input[spec.name];
        if (spec.kind === 'file') {
          if (value instanceof File) body[spec.name] = await uploadMedia(value, spec.mediaType);
        } else if (spec.kind === 'switch') body[spec.name] = Boolean(value);
        else if (spec.kind === 'select') body[spec.name] = value === '' ? null : value;
        else body[spec.name] = typeof value === 'string' ? value.trim() : value;
      }
      const calls = adminListCalls<Row>(props);
      return creating ? calls.create(body) : calls.update(row!.id, body);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: props.keys.all() });
      onClose();
    },
  });
  useEffect(() => {
    if (row) form.reset(props.toValues(row));
    // a row that arrives later fills the form once
  }, [row]);

  return (
    <FormDialog
      form={form}
      title={creating ? props.createLabel : t('admin.editTitle', { title: props.title })}
      submitLabel={creating ? t('buttons.create') : t('buttons.save')}
      submitDisabled={loading}
      onClose={onClose}
    >
      {loading ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      ) : (
        props.fields.map((spec) => {
          const value = form.values[spec.name];
          const error = form.error(spec.name, spec.label);
          const set = (next: Values[string]) => form.setValue(spec.name, next);
          if (spec.kind === 'switch')
            return (
              <Box key={spec.name}>
                <FormControlLabel
                  sx={{ display: 'flex' }}
                  control={<Switch checked={Boolean(value)} onChange={(e) => set(e.target.checked)} slotProps={{ input: spec.helper ? { 'aria-describedby': `${spec.name}-helper` } : {} }} />}
                  label={spec.label}
                />
                {spec.helper && <FormHelperText id={`${spec.name}-helper`}>{spec.helper}</FormHelperText>}
              </Box>
            );
          if (spec.kind === 'select')
            return (
              <FormField key={spec.name} select label={spec.label} required={spec.required} value={value ?? ''} onChange={(e) => set(e.target.value)} error={error}>
                {spec.options.map((o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {o.label}
                  </MenuItem>
                ))}
              </FormField>
            );
          if (spec.kind === 'file') {
            const current = row && spec.current ? spec.current(row) : null;
            return (
              <Box key={spec.name} sx={{ my: 2, display: 'grid', gap: 1 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Typography variant="subtitle2">{spec.label}</Typography>
                  {spec.requiredOnCreate && creating && <Chip size="small" color="warning" label={t('common.required')} />}
                </Box>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
                  {current?.url &&
                    !(value instanceof File) &&
                    (isOverlayKind(spec.mediaType) ? (
                      <OverlayPreview src={current.thumbnailUrl ?? current.url} alt={spec.label} size={64} />
                    ) : (
                      <Box component="img" src={current.thumbnailUrl ?? current.url} alt={spec.label} sx={{ width: 64, height: 64, objectFit: 'contain', border: 1, borderColor: 'divider', borderRadius: 1 }} />
                    ))}
                  <FileButton variant="outlined" inputLabel={spec.label} accept="image/png,image/jpeg,image/webp" onFiles={(files) => set(files[0] ?? null)}>
                    {t('buttons.chooseFile')}
                  </FileButton>
                  <Typography variant="body2" color="text.secondary">
                    {value instanceof File ? value.name : current ? t('admin.fileKept') : t('admin.noFile')}
                  </Typography>
                </Box>
                {error && (
                  <Typography variant="caption" color="error" role="alert">
                    {error}
                  </Typography>
                )}
              </Box>
            );
          }
          const own = error !== undefined ? spec.serverMessages?.[error] : undefined;
          return (
            <FormField
              key={spec.name}
              label={spec.label}
              required={spec.required}
              multiline={spec.kind === 'multiline'}
              minRows={spec.kind === 'multiline' ? 3 : undefined}
              value={typeof value === 'string' ? value : ''}
              onChange={(e) => set(e.target.value)}
              error={own ?? error}
              helperText={spec.helper}
            />
          );
        })
      )}
    </FormDialog>
  );
}
