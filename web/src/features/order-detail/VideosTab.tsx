import Download from '@mui/icons-material/Download';
import PlayCircleOutlined from '@mui/icons-material/PlayCircleOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { imageQueries, imagesApi, startDownload } from '../../api/images';
import { useApiMutation } from '../../api/useApiMutation';
import { formatTimestamp } from '../../components/data-grid/columns';

/** Width of a video's thumbnail. */
export const VIDEO_THUMB_WIDTH = 225;

/**
 * `/order/{id}/videos`: the order's videos with their 225 px thumbnails and a download each;
 * "This order does not have any video" when the list is empty.
 */
export function VideosTab({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const videos = useQuery(imageQueries.videos(orderId));
  const download = useApiMutation({
    action: t('orderDetail.videos.download'),
    mutationFn: (id: string) => imagesApi.downloadVideo(id),
    onSuccess: (result) => startDownload(result.url),
  });

  if (videos.isPending) return <CircularProgress size={28} aria-label={t('common.loading')} />;
  if (videos.isError) return <Typography color="error">{videos.error.message}</Typography>;
  if (videos.data.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }} data-testid="no-video">
        {t('orderDetail.videos.none')}
      </Typography>
    );
  return (
    <Box role="list" aria-label={t('orderDetail.tabs.videos')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
      {videos.data.map((video, i) => (
        <Paper key={video.id} role="listitem" variant="outlined" sx={{ p: 1, width: VIDEO_THUMB_WIDTH, display: 'grid', gap: 1 }}>
          {video.thumbnailUrl ? (
            <Box component="img" src={video.thumbnailUrl} alt={t('orderDetail.videos.item', { n: i + 1 })} sx={{ width: VIDEO_THUMB_WIDTH, display: 'block', borderRadius: 1 }} />
          ) : (
            <Box sx={{ width: VIDEO_THUMB_WIDTH, height: 127, bgcolor: 'action.hover', borderRadius: 1, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
              <PlayCircleOutlined sx={{ color: 'text.disabled', fontSize: 40 }} />
            </Box>
          )}
          <Typography variant="caption" color="text.secondary">
            {formatTimestamp(video.createdAt)}
          </Typography>
          <Button size="small" variant="outlined" startIcon={<Download />} disabled={download.isPending || video.status !== 'ready'} onClick={() => download.mutate(video.id)}>
            {t('orderDetail.videos.download')}
          </Button>
        </Paper>
      ))}
    </Box>
  );
}
