import { TAG_CATEGORIES, type TagCategory, type TagEntity, type TaggedEntity, type TagView } from '@app/contracts/wire';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { tagKeys, tagQueries, tagsApi } from '../api/tags';
import { tagColor, textOn } from '../theme';
import { toast } from './toast/toast';

const KIND_OF: Record<TaggedEntity, TagEntity> = { orders: 'order', images: 'image', users: 'user' };
/** the words of each tag category */
const CATEGORY_WORDS = {
  QA_EDITOR: 'tagging.categories.QA_EDITOR',
  QA_COORDINATOR: 'tagging.categories.QA_COORDINATOR',
  IMAGE_ERROR: 'tagging.categories.IMAGE_ERROR',
  PRIORITY: 'tagging.categories.PRIORITY',
} as const satisfies Record<TagCategory, string>;

/** Tags by their category, in the categories' order; categories without a tag are left out. */
export function tagsByCategory(tags: readonly TagView[]): Array<{ category: TagCategory; tags: TagView[] }> {
  return TAG_CATEGORIES.map((category) => ({ category, tags: tags.filter((t) => t.category === category) })).filter((g) => g.tags.length > 0);
}

/**
 * The tags on one order or account, grouped by category, each a coloured chip. With
 * `editable` (admin and QA) a chip's cross takes the tag off and a menu of the admin's tags
 * made for this kind of thing puts one on; the toast "Tag added" / "Tag removed" shows for two
 * seconds and `onChanged` lets the screen refresh what depends on the tags (the QA lists put
 * PRIORITY orders first). The server's message shows in an error toast.
 */
export function EntityTags({ entity, entityId, editable, onChanged }: { entity: TaggedEntity; entityId: string; editable: boolean; onChanged?: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const kind = KIND_OF[entity];
  const on = useQuery(tagQueries.of(entity, entityId));
  const offered = useQuery({ ...tagQueries.list(kind), enabled: editable });

  const change = useMutation({
    mutationFn: ({ tagId, add }: { tagId: string; add: boolean }) => (add ? tagsApi.assign(entity, entityId, tagId) : tagsApi.remove(entity, entityId, tagId)),
    onSuccess: (tags, { add }) => {
      queryClient.setQueryData(tagKeys.of(entity, entityId), tags);
      toast.tag(t(add ? 'tagging.added' : 'tagging.removed'));
      onChanged?.();
    },
    onError: (error) => toast.error(t('toast.actionError', { action: t('tagging.title'), message: error.message })),
  });

  if (on.isPending) return <CircularProgress size={20} aria-label={t('common.loading')} />;
  if (on.isError) return <Alert severity="error">{on.error.message}</Alert>;
  const present = on.data;
  const presentIds = new Set(present.map((tag) => tag.id));
  const addable = (offered.data ?? []).filter((tag) => !presentIds.has(tag.id));

  return (
    <Box sx={{ display: 'grid', gap: 1.5, minWidth: 0 }} data-testid={`entity-tags-${entity}`}>
      {present.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('tagging.none')}
        </Typography>
      )}
      {tagsByCategory(present).map((group) => (
        <Box key={group.category} sx={{ display: 'grid', gap: 0.5 }} data-testid={`tag-group-${group.category}`}>
          <Typography variant="caption" color="text.secondary" component="div">
            {t(CATEGORY_WORDS[group.category])}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {group.tags.map((tag) => {
              const background = tagColor(tag.color);
              return (
                <Chip
                  key={tag.id}
                  size="small"
                  label={tag.name}
                  data-tag-id={tag.id}
                  sx={{ bgcolor: background, color: textOn(background), fontWeight: 600, maxWidth: '100%', '& .MuiChip-deleteIcon': { color: textOn(background) } }}
                  onDelete={editable && !change.isPending ? () => change.mutate({ tagId: tag.id, add: false }) : undefined}
                  title={editable ? t('tagging.remove', { name: tag.name }) : undefined}
                />
              );
            })}
          </Box>
        </Box>
      ))}
      {editable && (
        <TextField
          select
          size="small"
          label={t('tagging.add')}
          value=""
          disabled={change.isPending || offered.isPending || addable.length === 0}
          onChange={(e) => {
            if (e.target.value) change.mutate({ tagId: e.target.value, add: true });
          }}
          helperText={offered.isSuccess && addable.length === 0 ? t(offered.data.length === 0 ? 'tagging.noneToOffer' : 'tagging.noMore') : undefined}
          slotProps={{ htmlInput: { 'data-testid': `add-tag-${entity}` } }}
          sx={{ minWidth: 0 }}
        >
          <MenuItem value="">{t('tagging.choose')}</MenuItem>
          {addable.map((tag) => (
            <MenuItem key={tag.id} value={tag.id}>
              {`${tag.name} · ${t(CATEGORY_WORDS[tag.category])}`}
            </MenuItem>
          ))}
        </TextField>
      )}
    </Box>
  );
}
