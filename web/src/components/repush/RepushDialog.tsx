import { REPUSH_METHODS, REPUSH_SWITCHES, ROUTE_DISPLAY, TRI_STATES, type AngleCategory, type ImageView, type TriState } from '@app/contracts/wire';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { styleGuideQueries } from '../../api/admin';
import { imagesApi, refreshOrderPictures } from '../../api/images';
import { FormField } from '../form/FormField';
import { SubmitButton } from '../form/SubmitButton';
import { useForm } from '../form/useForm';
import { distinctMargins, MARGIN_SIDES, repushDefaults, repushRequest, validateRepush, withCategory, type RepushForm } from './repushRules';

type Selected = Pick<ImageView, 'id' | 'position' | 'optimisedVia'>;

export interface RepushDialogProps {
  open: boolean;
  onClose: () => void;
  orderId: string;
  /** the order's style guide: margins, horizon line and interior colour of the positions */
  styleGuideId: string;
  /** the pictures to send again, in the order the user selected them (the first gives the defaults) */
  images: readonly Selected[];
}

/**
 * Repush (admin and QA): the selected pictures through the pipeline again with a method,
 * exterior or interior (interior: ai_no_enh, zero margins, the guide's interior colour), a
 * background colour, margins, the horizon line and the six switches (Auto, Enabled,
 * Disabled); `POST /images/repush`. The margins start as the first image's position's; when
 * the selected positions have different margins, the dialog first asks whose to use.
 */
export function RepushDialog({ open, onClose, orderId, styleGuideId, images }: RepushDialogProps) {
  const { t } = useTranslation();
  const guide = useQuery({
    ...styleGuideQueries.one(styleGuideId),
    enabled: open,
    retry: false,
  });
  const [marginsFrom, setMarginsFrom] = useState<number | undefined>();
  const close = () => {
    setMarginsFrom(undefined);
    onClose();
  };
  const options = guide.isSuccess ? distinctMargins(images, guide.data) : [];
  const asking = options.length > 1 && marginsFrom === undefined;

  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth scroll="paper" aria-labelledby="repush-title">
      <DialogTitle id="repush-title">{t('repush.title', { count: images.length })}</DialogTitle>
      {guide.isPending ? (
        <DialogContent>
          <CircularProgress size={28} aria-label={t('common.loading')} />
        </DialogContent>
      ) : asking ? (
        <>
          <DialogContent>
            <DialogContentText>{t('repush.marginsDiffer')}</DialogContentText>
            <Box sx={{ display: 'grid', gap: 1, mt: 2 }}>
              {options.map((o) => (
                <Button key={o.position} variant="outlined" onClick={() => setMarginsFrom(o.position)} sx={{ justifyContent: 'flex-start', textAlign: 'start' }}>
                  {t('repush.useMarginsOf', { position: o.position, top: o.margins.top, bottom: o.margins.bottom, left: o.margins.left, right: o.margins.right })}
                </Button>
              ))}
            </Box>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('buttons.cancel')}</Button>
          </DialogActions>
        </>
      ) : (
        <RepushFormBody
          key={`${marginsFrom ?? ''}|${images.map((i) => i.id).join(',')}`}
          orderId={orderId}
          styleGuideId={styleGuideId}
          images={images}
          guide={guide.data}
          marginsFrom={marginsFrom}
          onDone={close}
        />
      )}
    </Dialog>
  );
}

function RepushFormBody({
  orderId,
  styleGuideId,
  images,
  guide,
  marginsFrom,
  onDone,
}: Omit<RepushDialogProps, 'open' | 'onClose'> & { guide: Parameters<typeof repushDefaults>[1]; marginsFrom: number | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: repushDefaults(images, guide, marginsFrom),
    validate: validateRepush,
    action: t('repush.action'),
    successMessage: t('repush.queued', { count: images.length }),
    mutationFn: (values: RepushForm) => imagesApi.repush(repushRequest(orderId, styleGuideId, images.map((i) => i.id), values)),
    onSuccess: () => {
      onDone();
      return refreshOrderPictures(queryClient, orderId);
    },
  });
  const v = form.values;
  const interior = v.category === 'interior';
  const off = !v.withSettings;

  return (
    <form ref={form.ref} onSubmit={form.handleSubmit()} noValidate aria-label={t('repush.title', { count: images.length })} style={{ display: 'contents' }}>
      <DialogContent dividers>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={v.category}
            aria-label={t('repush.category')}
            onChange={(_, category: AngleCategory | null) => category && form.setValues((current) => withCategory(current, category, guide, images, marginsFrom))}
          >
            <ToggleButton value="exterior">{t('repush.exterior')}</ToggleButton>
            <ToggleButton value="interior">{t('repush.interior')}</ToggleButton>
          </ToggleButtonGroup>
          {interior && (
            <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 200px' }}>
              {t('repush.interiorHint')}
            </Typography>
          )}
        </Box>
        <FormField {...form.field('method', t('repush.method'))} select disabled={interior}>
          {REPUSH_METHODS.map((m) => (
            <MenuItem key={m} value={m}>
              {ROUTE_DISPLAY[m]}
            </MenuItem>
          ))}
        </FormField>
        <FormControlLabel
          control={<Switch checked={v.withSettings} onChange={(e) => form.setValue('withSettings', e.target.checked)} />}
          label={t('repush.withSettings')}
          sx={{ mt: 1 }}
        />
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <FormField
            {...form.field('backgroundColor', t('repush.backgroundColor'))}
            disabled={off}
            placeholder="#FFFFFF"
            helperText={t('repush.backgroundColorHelp')}
          />
          <Box
            component="input"
            type="color"
            aria-label={t('repush.pickColour')}
            disabled={off}
            value={/^#[0-9A-Fa-f]{6}$/.test(v.backgroundColor) ? v.backgroundColor.toLowerCase() : '#ffffff'}
            onChange={(e: React.ChangeEvent<HTMLInputElement>) => form.setValue('backgroundColor', e.target.value.toUpperCase())}
            sx={{ width: 48, height: 40, p: 0, border: 0, bgcolor: 'transparent', flexShrink: 0, mt: 1 }}
          />
        </Box>
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          {t('repush.margins')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' } }}>
          {MARGIN_SIDES.map((side) => (
            <FormField
              key={side}
              {...form.field(side, t(`repush.sides.${side}`))}
              disabled={off || interior}
              type="number"
              slotProps={{ htmlInput: { min: 0, max: 45, step: 1 } }}
            />
          ))}
        </Box>
        <FormField {...form.field('horizonLineHeight', t('repush.horizonLine'))} disabled={off} type="number" slotProps={{ htmlInput: { min: 0, max: 100, step: 1 } }} />
        <Box sx={{ display: 'grid', gap: 1.5, mt: 2 }}>
          {REPUSH_SWITCHES.map((name) => (
            <Box key={name} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
              <Typography variant="body2" id={`repush-${name}`} sx={{ flex: '1 1 160px', minWidth: 0 }}>
                {t(`repush.switches.${name}`)}
              </Typography>
              <ToggleButtonGroup
                exclusive
                size="small"
                value={v[name]}
                disabled={off}
                aria-labelledby={`repush-${name}`}
                onChange={(_, value: TriState | null) => value && form.setValue(name, value)}
              >
                {TRI_STATES.map((state) => (
                  <ToggleButton key={state} value={state} sx={{ px: 1.25 }}>
                    {t(`repush.states.${state}`)}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            </Box>
          ))}
        </Box>
        {form.formError && (
          <Typography color="error" role="alert" sx={{ mt: 2 }}>
            {form.formError}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onDone}>{t('buttons.cancel')}</Button>
        <SubmitButton busy={form.busy}>{t('repush.submit')}</SubmitButton>
      </DialogActions>
    </form>
  );
}
