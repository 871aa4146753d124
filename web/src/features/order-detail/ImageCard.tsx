import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImageView } from '@app/contracts/wire';
import { BADGE_COLOURS, IMAGE_LABEL_KEYS, imageBadge } from './detailLogic';

/**
 * An image's picture: the thumbnail, else (or when it fails) the full picture, else a
 * placeholder; a spinner while the image is still on its way.
 */
export function ImagePicture({
  image,
  alt,
  height = 150,
  large = false,
}: {
  image: Pick<ImageView, 'thumbnailUrl' | 'url' | 'optimisationStatus'>;
  alt: string;
  height?: number;
  /** the full picture first (the modal), the thumbnail as its fallback */
  large?: boolean;
}) {
  const sources = (large ? [image.url, image.thumbnailUrl] : [image.thumbnailUrl, image.url]).filter((u): u is string => Boolean(u));
  const [attempt, setAttempt] = useState(0);
  const src = sources[attempt];
  const box = { width: '100%', height, borderRadius: 1, bgcolor: 'action.hover', display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden' };
  if (!src)
    return (
      <Box sx={box}>
        {image.optimisationStatus === 'awaiting-upload' || image.optimisationStatus === 'queued' ? (
          <CircularProgress size={24} aria-hidden="true" />
        ) : (
          <ImageOutlined sx={{ color: 'text.disabled' }} />
        )}
      </Box>
    );
  return <Box component="img" src={src} alt={alt} loading="lazy" onError={() => setAttempt((a) => a + 1)} sx={{ ...box, objectFit: 'contain', display: 'block' }} />;
}

/** Approved, Waiting for QA, Requires edition, Pipeline error or Upload refused (the last two with their reason as a tooltip). */
export function ImageBadgeChip({ image }: { image: ImageView }) {
  const { t } = useTranslation();
  const badge = imageBadge(image);
  if (!badge) return null;
  const chip = (
    <Chip
      size="small"
      color={BADGE_COLOURS[badge]}
      variant={badge === 'requiresEdition' || badge === 'waitingForQa' ? 'outlined' : 'filled'}
      label={t(`orderDetail.badges.${badge}`)}
      data-badge={badge}
      sx={{ fontWeight: 600, maxWidth: '100%' }}
    />
  );
  return image.failureReason && (badge === 'pipelineError' || badge === 'uploadRefused') ? <Tooltip title={image.failureReason}>{chip}</Tooltip> : chip;
}

/** The reason of a pipeline error or a refused upload, as a line under the picture (QA views). */
export function FailureLine({ image }: { image: ImageView }) {
  const badge = imageBadge(image);
  if (!image.failureReason || (badge !== 'pipelineError' && badge !== 'uploadRefused')) return null;
  return (
    <Typography variant="caption" color="error" data-testid="failure-reason" sx={{ overflowWrap: 'anywhere' }}>
      {image.failureReason}
    </Typography>
  );
}

export interface ImageCardProps {
  image: ImageView;
  /** checkbox selection */
  selected?: boolean;
  onSelect?: (selected: boolean) => void;
  /** the picture opens it (the select view's modal) */
  onOpen?: () => void;
  actions?: ReactNode;
  /** the QA badges (admin and QA views); the others read the image's label */
  showBadge?: boolean;
}

/** One image of an order: picture, position, label, badge, and the view's controls. */
export function ImageCard({ image, selected, onSelect, onOpen, actions, showBadge = true }: ImageCardProps) {
  const { t } = useTranslation();
  const title = t('common.positionLabel', { position: image.position });
  return (
    <Paper
      variant="outlined"
      data-testid={`image-${image.position}`}
      data-image-id={image.id}
      data-status={image.optimisationStatus}
      aria-label={title}
      role="listitem"
      sx={{ p: 1, minWidth: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 0.75, alignContent: 'start', borderColor: selected ? 'primary.main' : 'divider' }}
    >
      <Box
        onClick={onOpen}
        role={onOpen ? 'button' : undefined}
        tabIndex={onOpen ? 0 : undefined}
        aria-label={onOpen ? t('orderDetail.openImage', { position: image.position }) : undefined}
        onKeyDown={onOpen ? (e) => e.key === 'Enter' && onOpen() : undefined}
        sx={{ cursor: onOpen ? 'zoom-in' : 'default' }}
      >
        <ImagePicture image={image} alt={title} />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 0.5, minHeight: 28 }}>
        {onSelect && (
          <Checkbox
            size="small"
            checked={Boolean(selected)}
            onChange={(e) => onSelect(e.target.checked)}
            slotProps={{ input: { 'aria-label': t('orderDetail.selectImage', { position: image.position }) } }}
            sx={{ p: 0.5 }}
          />
        )}
        <Typography variant="subtitle2" sx={{ mr: 'auto', whiteSpace: 'nowrap' }}>
          {title}
        </Typography>
        {showBadge && <ImageBadgeChip image={image} />}
      </Box>
      <Typography variant="caption" color="text.secondary" data-testid="image-label">
        {t(`orderDetail.labels.${IMAGE_LABEL_KEYS[image.label]}`)}
      </Typography>
      {showBadge && <FailureLine image={image} />}
      {actions}
    </Paper>
  );
}

/** Cards in a responsive grid. */
export function ImageGrid({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Box role="list" aria-label={label} sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(190px, 1fr))' }}>
      {children}
    </Box>
  );
}
