import type { ImageView, OrderView, TagView } from '@app/contracts/wire';
import Replay from '@mui/icons-material/Replay';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tagKeys, tagQueries, tagsApi } from '../../api/tags';
import { useApiMutation } from '../../api/useApiMutation';
import { useMe } from '../../app/useSession';
import { PushNotificationForm } from '../../components/push/PushNotificationForm';
import { RepushDialog } from '../../components/repush/RepushDialog';
import { toast } from '../../components/toast/toast';
import { tagColor, textOn } from '../../theme';
import { AdminPipelineActions } from './AdminPipelineActions';

/** The tags on the selected images: each with how many of them carry it. */
export function tagsOnSelection(tagsByImage: ReadonlyArray<readonly TagView[] | undefined>): Array<{ tag: TagView; count: number }> {
  const found = new Map<string, { tag: TagView; count: number }>();
  for (const tags of tagsByImage) {
    for (const tag of tags ?? []) {
      const entry = found.get(tag.id);
      if (entry) entry.count += 1;
      else found.set(tag.id, { tag, count: 1 });
    }
  }
  return [...found.values()].sort((a, b) => a.tag.name.localeCompare(b.tag.name));
}

/**
 * The select view's side panel (admin and QA), for the selected images: their tags (the
 * admin's image tags: add to every selected image, or take one off them all; a toast
 * bottom-right for 2 s) and Repush (the repush dialog).
 */
export function SelectionPanel({ order, selected }: { order: OrderView; selected: readonly ImageView[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [repushing, setRepushing] = useState(false);
  const { data: me } = useMe();
  const [adding, setAdding] = useState('');
  const none = selected.length === 0;

  const imageTags = useQuery(tagQueries.list('image'));
  const onImages = useQueries({
    queries: selected.map((image) => tagQueries.of('images', image.id)),
  });
  const present = tagsOnSelection(onImages.map((q) => q.data));

  const change = useApiMutation({
    // its own toasts: the tag toast, and the error naming the tags
    quiet: true,
    mutationFn: async ({ tagId, add }: { tagId: string; add: boolean }) => {
      for (const image of selected) {
        if (add) await tagsApi.assign('images', image.id, tagId);
        else await tagsApi.remove('images', image.id, tagId);
      }
      return add;
    },
    onSuccess: (add) => {
      setAdding('');
      toast.tag(t(add ? 'orderDetail.panel.tagAdded' : 'orderDetail.panel.tagRemoved'));
      return queryClient.invalidateQueries({ queryKey: tagKeys.all() });
    },
    onError: (error) => toast.error(t('toast.actionError', { action: t('orderDetail.panel.tags'), message: error.message })),
  });

  return (
    <Paper variant="outlined" component="aside" aria-labelledby="selection-panel-title" data-testid="selection-panel" sx={{ p: 2, display: 'grid', gap: 1.5, alignContent: 'start', minWidth: 0 }}>
      <Typography variant="h3" id="selection-panel-title">
        {t('orderDetail.panel.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {none ? t('orderDetail.panel.none') : t('orderDetail.panel.count', { count: selected.length })}
      </Typography>
      <Typography variant="subtitle2">{t('orderDetail.panel.tags')}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} data-testid="selection-tags">
        {present.map(({ tag, count }) => {
          const background = tagColor(tag.color);
          return (
            <Chip
              key={tag.id}
              size="small"
              label={count < selected.length ? `${tag.name} (${count}/${selected.length})` : tag.name}
              onDelete={change.isPending ? undefined : () => change.mutate({ tagId: tag.id, add: false })}
              sx={{ bgcolor: background, color: textOn(background), fontWeight: 600, maxWidth: '100%', '& .MuiChip-deleteIcon': { color: textOn(background) } }}
              data-tag-id={tag.id}
            />
          );
        })}
      </Box>
      <TextField
        select
        size="small"
        label={t('orderDetail.panel.addTag')}
        value={adding}
        disabled={none || change.isPending}
        onChange={(e) => {
          setAdding(e.target.value);
          if (e.target.value) change.mutate({ tagId: e.target.value, add: true });
        }}
        slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      >
        <MenuItem value="">{t('orderDetail.panel.chooseTag')}</MenuItem>
        {(imageTags.data ?? []).map((tag) => (
          <MenuItem key={tag.id} value={tag.id}>
            {tag.name}
          </MenuItem>
        ))}
      </TextField>
      <Button variant="contained" startIcon={<Replay />} disabled={none} onClick={() => setRepushing(true)}>
        {t('orderDetail.panel.repush')}
      </Button>
      {me?.userRole === 'Admin' && <AdminPipelineActions order={order} selected={selected} />}
      {me?.userRole === 'Admin' && <PushNotificationForm orderId={order.id} />}
      <RepushDialog open={repushing} onClose={() => setRepushing(false)} orderId={order.id} styleGuideId={order.styleGuide.id} images={selected} />
    </Paper>
  );
}
