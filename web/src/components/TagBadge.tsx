import Chip from '@mui/material/Chip';
import { tagColor, textOn } from '../theme';

export interface TagLike {
  id?: string | number;
  name: string;
  color?: string | null;
}

/** A tag as a small coloured badge (named or hex colour). */
export function TagBadge({ tag }: { tag: TagLike }) {
  const background = tagColor(tag.color);
  return (
    <Chip
      size="small"
      label={tag.name}
      sx={{ bgcolor: background, color: textOn(background), fontWeight: 600, maxWidth: 160, height: 22 }}
      data-tag-color={background}
    />
  );
}
