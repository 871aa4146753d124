import { MAX_PLATES_PER_PICTURE, plainPlate, type ImageView, type PlateCorner, type PlateQuad, type RepushRequest } from '@app/contracts/wire';
import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { styleGuideQueries } from '../../api/admin';
import { imagesApi, refreshOrderPictures } from '../../api/images';
import { useApiMutation } from '../../api/useApiMutation';
import { repushDefaults } from '../repush/repushRules';

/** How far an arrow key moves a corner (a share of the picture), and with Shift. */
const STEP = 0.005;
const BIG_STEP = 0.05;

const clamp = (v: number) => Math.min(1, Math.max(0, v));
/** rounded to a tenth of a thousandth: what a corner is sent as (no 0.30000000000000004) */
const round = (v: number) => Math.round(v * 10_000) / 10_000;

/** A new plate: plate-shaped (about 520 x 110 mm on a picture of 4:3), in the middle of the picture. */
export function newPlate(): PlateQuad {
  const [left, right, top, bottom] = [0.4, 0.6, 0.475, 0.525];
  return {
    corners: [
      { x: left, y: top },
      { x: right, y: top },
      { x: right, y: bottom },
      { x: left, y: bottom },
    ],
  };
}

/** The plates with one corner moved to `to` (kept inside the picture). */
export function moveCorner(plates: readonly PlateQuad[], plate: number, corner: number, to: PlateCorner): PlateQuad[] {
  return plates.map((p, i) =>
    i === plate ? { corners: p.corners.map((c, j) => (j === corner ? { x: round(clamp(to.x)), y: round(clamp(to.y)) } : c)) as PlateQuad['corners'] } : p,
  );
}

/**
 * The repush that masks QA's plates on one picture: its current method (as the repush dialog
 * picks it), with the settings on so the number plate switch counts (Enabled: the guide's mode,
 * blur when the guide's is off), every other setting the guide's.
 */
export function maskPlatesRequest(
  orderId: string,
  styleGuideId: string,
  image: Pick<ImageView, 'id' | 'position' | 'optimisedVia'>,
  guide: Parameters<typeof repushDefaults>[1],
  plates: readonly PlateQuad[],
): RepushRequest {
  const { method, category } = repushDefaults([image], guide);
  return {
    orderId,
    styleGuideId,
    imageArray: [image.id],
    method,
    imageCategory: category,
    isImageRepushedWithSettings: true,
    userControlNumberPlates: 'enabled',
    numberPlates: plates.map(plainPlate),
  };
}

export interface NumberPlateEditorProps {
  orderId: string;
  styleGuideId: string;
  image: ImageView;
  /** the original picture shown under the plates */
  src: string;
  alt: string;
}

/**
 * QA's number plate tool: over the original picture (as shown, `object-fit: contain`), the
 * plates the pipeline masked as quadrilaterals, each corner a handle to drag (pointer) or to
 * move with the arrow keys once focused (Shift: further); add a plate, remove one, and "Mask
 * these plates" processes the picture again with them (`POST /images/repush`).
 *
 * The overlay is an SVG of the picture's own size (`preserveAspectRatio` meet, as contain
 * shows the picture), holding the plates in an inner SVG whose viewBox is 0..1 on the picture.
 */
export function NumberPlateEditor({ orderId, styleGuideId, image, src, alt }: NumberPlateEditorProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const guide = useQuery({ ...styleGuideQueries.one(styleGuideId), retry: false });
  const [plates, setPlates] = useState<PlateQuad[]>(() => image.numberPlates ?? []);
  const [size, setSize] = useState<{ w: number; h: number }>(() => ({ w: 4, h: 3 }));
  const [dragging, setDragging] = useState<{ plate: number; corner: number } | null>(null);
  const area = useRef<SVGRectElement>(null);

  const mask = useApiMutation({
    action: t('imageEditing.plates.action'),
    successMessage: t('imageEditing.plates.queued'),
    mutationFn: (quads: PlateQuad[]) => imagesApi.repush(maskPlatesRequest(orderId, styleGuideId, image, guide.data, quads)),
    onSuccess: () => refreshOrderPictures(queryClient, orderId),
  });

  /** where a pointer is on the picture, as shares of its width and height */
  const pointAt = (clientX: number, clientY: number): PlateCorner | null => {
    const rect = area.current?.getBoundingClientRect();
    if (!rect || rect.width <= 0 || rect.height <= 0) return null;
    return { x: (clientX - rect.left) / rect.width, y: (clientY - rect.top) / rect.height };
  };
  const onPointerDown = (plate: number, corner: number) => (e: ReactPointerEvent<SVGCircleElement>) => {
    e.preventDefault();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    e.currentTarget.focus();
    setDragging({ plate, corner });
  };
  const onPointerMove = (e: ReactPointerEvent<SVGSVGElement>) => {
    if (!dragging) return;
    const to = pointAt(e.clientX, e.clientY);
    if (to) setPlates((current) => moveCorner(current, dragging.plate, dragging.corner, to));
  };
  const endDrag = () => setDragging(null);
  const onKeyDown = (plate: number, corner: number) => (e: ReactKeyboardEvent<SVGCircleElement>) => {
    const step = e.shiftKey ? BIG_STEP : STEP;
    const move = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[e.key];
    if (!move) return;
    // the arrow keys move the corner, not the modal's pictures
    e.preventDefault();
    e.stopPropagation();
    setPlates((current) => {
      const c = current[plate].corners[corner];
      return moveCorner(current, plate, corner, { x: c.x + move[0], y: c.y + move[1] });
    });
  };

  const { w, h } = size;
  const handle = Math.max(w, h) * 0.012;
  return (
    <Box component="figure" sx={{ m: 0, display: 'grid', gap: 1, minWidth: 0 }} data-testid="plate-editor">
      <Typography component="figcaption" variant="overline" color="text.secondary">
        {t('imageEditing.plates.title')}
      </Typography>
      <Box sx={{ position: 'relative', height: { xs: 240, md: 460 }, bgcolor: 'action.hover', borderRadius: 1, touchAction: 'none' }}>
        <Box
          component="img"
          src={src}
          alt={alt}
          onLoad={(e: React.SyntheticEvent<HTMLImageElement>) => {
            const img = e.currentTarget;
            if (img.naturalWidth > 0 && img.naturalHeight > 0) setSize({ w: img.naturalWidth, h: img.naturalHeight });
          }}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain' }}
        />
        <svg
          viewBox={`0 0 ${w} ${h}`}
          preserveAspectRatio="xMidYMid meet"
          width="100%"
          height="100%"
          style={{ position: 'absolute', inset: 0, overflow: 'visible' }}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          data-testid="plate-overlay"
        >
          <svg x={0} y={0} width={w} height={h} viewBox="0 0 1 1" preserveAspectRatio="none" overflow="visible">
            {/* the picture as shown: where a pointer is read from */}
            <rect ref={area} x={0} y={0} width={1} height={1} fill="none" data-testid="plate-area" />
            {plates.map((p, i) => (
              <polygon
                key={i}
                points={p.corners.map((c) => `${c.x},${c.y}`).join(' ')}
                fill="rgba(255, 193, 7, 0.25)"
                stroke="#FFC107"
                strokeWidth={2}
                vectorEffect="non-scaling-stroke"
                data-testid={`plate-${i + 1}`}
              />
            ))}
          </svg>
          {plates.map((p, i) =>
            p.corners.map((c, j) => (
              <circle
                key={`${i}-${j}`}
                cx={c.x * w}
                cy={c.y * h}
                r={handle}
                fill={dragging?.plate === i && dragging.corner === j ? '#FFC107' : '#FFFFFF'}
                stroke="#212121"
                strokeWidth={handle / 4}
                tabIndex={0}
                role="button"
                aria-label={t('imageEditing.plates.corner', { plate: i + 1, corner: j + 1 })}
                aria-roledescription={t('imageEditing.plates.handle')}
                aria-describedby="plate-editor-hint"
                data-testid={`plate-${i + 1}-corner-${j + 1}`}
                data-x={c.x}
                data-y={c.y}
                style={{ cursor: 'move', touchAction: 'none' }}
                onPointerDown={onPointerDown(i, j)}
                onKeyDown={onKeyDown(i, j)}
              />
            )),
          )}
        </svg>
      </Box>
      <Typography id="plate-editor-hint" variant="body2" color="text.secondary">
        {plates.length ? t('imageEditing.plates.hint') : t('imageEditing.plates.none')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {plates.map((_, i) => (
          <Button
            key={i}
            size="small"
            color="error"
            startIcon={<DeleteOutlined />}
            onClick={() => setPlates((current) => current.filter((__, j) => j !== i))}
          >
            {t('imageEditing.plates.remove', { plate: i + 1 })}
          </Button>
        ))}
        <Button size="small" startIcon={<Add />} disabled={plates.length >= MAX_PLATES_PER_PICTURE} onClick={() => setPlates((current) => [...current, newPlate()])}>
          {t('imageEditing.plates.add')}
        </Button>
        <Button variant="contained" sx={{ ml: 'auto' }} disabled={mask.isPending || guide.isPending} onClick={() => mask.mutate(plates)}>
          {t('imageEditing.plates.mask')}
        </Button>
      </Box>
    </Box>
  );
}
