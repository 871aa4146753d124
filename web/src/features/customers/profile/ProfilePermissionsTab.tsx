import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PERMISSION_GROUPS, type PermissionView } from '@app/contracts/wire';
import { permissionKeys, permissionQueries, permissionsApi } from '../../../api/permissions';
import { useApiMutation } from '../../../api/useApiMutation';
import { AssignTables } from './AssignTables';
import { ProfileLayout, useProfileId } from './ProfileLayout';
import { PERMISSION_GROUP_LABELS, withId, withoutId } from './profileRules';

/**
 * `/profile/{id}/permissions` (admin): the permission list on the left, what the account holds on
 * the right, both by group; each permission by its readable name with a one-line description
 * (`profile.permissions.catalogue.<NAME>`), its raw name only as a fallback for one the web app
 * does not know yet.
 */
export function ProfilePermissionsTab() {
  return <ProfileLayout tab="permissions">{() => <Permissions />}</ProfileLayout>;
}

function Permissions() {
  const { t } = useTranslation();
  const id = useProfileId();
  const label = (p: PermissionView) => t(`profile.permissions.catalogue.${p.name}.name`, { defaultValue: p.name });
  const description = (p: PermissionView) => t(`profile.permissions.catalogue.${p.name}.description`, { defaultValue: '' });
  const queryClient = useQueryClient();
  const permissionList = useQuery(permissionQueries.list());
  const held = useQuery(permissionQueries.ofUser(id));
  const current = (held.data ?? []).map((p) => p.id);
  // the answer is the account's permissions now
  const keep = (now: PermissionView[]) => {
    queryClient.setQueryData(permissionKeys.ofUser(id), now);
  };
  const add = useApiMutation({
    action: t('profile.permissions.add'),
    successMessage: t('profile.permissions.added'),
    mutationFn: (p: PermissionView) => permissionsApi.set(id, withId(current, p.id)),
    onSuccess: keep,
  });
  const remove = useApiMutation({
    action: t('profile.permissions.remove'),
    successMessage: t('profile.permissions.removed'),
    mutationFn: (p: PermissionView) => permissionsApi.set(id, withoutId(current, p.id)),
    onSuccess: keep,
  });

  return (
    <AssignTables<PermissionView>
      columns={[
        {
          header: t('profile.permissions.name'),
          render: (p) => (
            <Box data-permission={p.name}>
              <Typography variant="body2" component="span" sx={{ display: 'block', fontWeight: 500 }}>
                {label(p)}
              </Typography>
              {description(p) && (
                <Typography variant="caption" component="span" color="text.secondary" sx={{ display: 'block' }}>
                  {description(p)}
                </Typography>
              )}
            </Box>
          ),
        },
      ]}
      nameOf={label}
      available={permissionList.data}
      assigned={held.data}
      error={permissionList.error ?? held.error}
      groups={PERMISSION_GROUPS.map((g) => ({ key: g, label: t(PERMISSION_GROUP_LABELS[g]) }))}
      groupOf={(p) => p.group}
      onAdd={(p) => add.mutate(p)}
      onRemove={(p) => remove.mutate(p)}
      busy={add.isPending || remove.isPending || !held.data}
    />
  );
}
