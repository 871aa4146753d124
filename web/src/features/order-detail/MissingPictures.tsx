import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImageView, OrderView } from '@app/contracts/wire';
import { styleGuideQueries } from '../../api/admin';
import { imageKeys } from '../../api/images';
import { orderKeys } from '../../api/orders';
import { browserImageTools, isImage, prepareImage } from '../../utils/preprocess';
import { uploadPicture } from '../../api/orderUpload';
import { missingPositions } from './detailLogic';

type Outcome = { kind: 'interrupted'; safe: number; total: number } | { kind: 'refused'; message: string } | null;

/**
 * On the page of an Uploading order, for whoever may add its pictures: how many arrived, and
 * "Add the missing pictures" (the files go to the positions still without a picture, in
 * order, as the creator sends them). Works after a reload and from another device: what is
 * missing is read from the order's images, not from the browser that started the upload.
 */
export function MissingPictures({ order, images }: { order: OrderView; images: ImageView[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(0);
  const [count, setCount] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const guide = useQuery(styleGuideQueries.one(order.styleGuide.id));
  if (!guide.isSuccess && !guide.isError) return null;
  const positions = (guide.data?.configurations ?? []).map((c) => c.position);
  const missing = missingPositions(order.takenImagesCount, positions, images);
  const total = order.takenImagesCount;
  if (missing.length === 0 && !busy) return null;

  const add = async (files: File[]) => {
    const photos = files.filter(isImage).slice(0, missing.length);
    if (!photos.length) return;
    setBusy(true);
    setDone(0);
    setCount(photos.length);
    setOutcome(null);
    let sent = 0;
    try {
      for (const [i, photo] of photos.entries()) {
        const prepared = await prepareImage(photo, browserImageTools);
        await uploadPicture(order.id, { ...prepared, position: missing[i]! }, () => undefined);
        sent += 1;
        setDone(sent);
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const refused = typeof (error as { statusCode?: unknown }).statusCode === 'number' && (error as { statusCode: number }).statusCode >= 400 && (error as { statusCode: number }).statusCode < 500;
      setOutcome(refused ? { kind: 'refused', message } : { kind: 'interrupted', safe: total - missing.length + sent, total });
    } finally {
      setBusy(false);
      await Promise.all([queryClient.invalidateQueries({ queryKey: orderKeys.one(order.id) }), queryClient.invalidateQueries({ queryKey: imageKeys.ofOrder(order.id) })]);
    }
  };

  return (
    <Alert
      severity="info"
      data-testid="missing-pictures"
      icon={<AddPhotoAlternateOutlined />}
    >
      <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
        <Typography variant="body2">{t('orderDetail.missing.summary', { arrived: total - missing.length, total, positions: missing.join(', ') })}</Typography>
        <Button color="inherit" size="small" variant="outlined" disabled={busy} onClick={() => input.current?.click()}>
          {t('orderDetail.missing.add')}
        </Button>
        {busy && (
          <>
            <Typography variant="body2">{t('orderDetail.missing.sending', { done, count })}</Typography>
            <LinearProgress aria-label={t('orderDetail.missing.add')} />
          </>
        )}
        {outcome?.kind === 'interrupted' && (
          <Typography variant="body2" color="warning.main" role="alert">
            {t('orderDetail.missing.interrupted', { safe: outcome.safe, total: outcome.total })}
          </Typography>
        )}
        {outcome?.kind === 'refused' && (
          <Typography variant="body2" color="error" role="alert">
            {outcome.message}
          </Typography>
        )}
      </Box>
      <input
        ref={input}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        multiple
        hidden
        data-testid="missing-pictures-input"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          void add(files);
        }}
      />
    </Alert>
  );
}
