import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StyleGuideListItem } from '@app/contracts/wire';
import { styleGuideKeys, styleGuidesApi } from '../../../api/admin';
import { ordersApi } from '../../../api/orders';
import { useApiMutation } from '../../../api/useApiMutation';
import { AssignTables } from './AssignTables';
import { ProfileLayout, useProfileId } from './ProfileLayout';

/** `/profile/{id}/styleguides` (admin): every style guide on the left, the account's on the right. */
export function ProfileStyleGuidesTab() {
  return <ProfileLayout tab="styleguides">{() => <StyleGuides />}</ProfileLayout>;
}

function StyleGuides() {
  const { t } = useTranslation();
  const id = useProfileId();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const all = useQuery({
    queryKey: styleGuideKeys.page(page, search),
    queryFn: ({ signal }) => styleGuidesApi.page(page, search, signal),
    placeholderData: keepPreviousData,
  });
  const assigned = useQuery({ queryKey: styleGuideKeys.ofAccount(id), queryFn: ({ signal }) => ordersApi.styleGuides(id, signal) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: styleGuideKeys.ofAccount(id) });
  const add = useApiMutation({
    action: t('profile.styleGuides.add'),
    successMessage: t('profile.styleGuides.added'),
    mutationFn: (g: StyleGuideListItem) => styleGuidesApi.addToAccount(id, g.id),
    onSuccess: refresh,
  });
  const remove = useApiMutation({
    action: t('profile.styleGuides.remove'),
    successMessage: t('profile.styleGuides.removed'),
    mutationFn: (g: StyleGuideListItem) => styleGuidesApi.removeFromAccount(id, g.id),
    onSuccess: refresh,
  });

  return (
    <AssignTables<StyleGuideListItem>
      columns={[
        { header: t('fields.name'), render: (g) => g.name },
        { header: t('profile.styleGuides.size'), render: (g) => `${g.outputWidth} × ${g.outputHeight}` },
      ]}
      nameOf={(g) => g.name}
      available={all.data?.items}
      assigned={assigned.data}
      error={all.error ?? assigned.error}
      paging={{ page, total: all.data?.total ?? 0, onPage: setPage }}
      search={{
        value: search,
        onChange: (v) => {
          setSearch(v);
          setPage(1);
        },
      }}
      onAdd={(g) => add.mutate(g)}
      onRemove={(g) => remove.mutate(g)}
      busy={add.isPending || remove.isPending}
    />
  );
}
