import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** pixels of drag that turn the spin by one frame when the viewer's width is not known */
const FALLBACK_PX_PER_FRAME = 10;
/** height of the interior panorama's window, in pixels: the panorama is drawn twice as wide */
export const PANORAMA_VIEW_HEIGHT = 320;
/** degrees an arrow key turns the interior view */
export const PAN_STEP_DEGREES = 10;

/** `n` within 0 … size-1, going round. */
export const wrap = (n: number, size: number): number => ((n % size) + size) % size;

/**
 * Loads every frame ahead (the spin then turns without waiting); answers how many have
 * arrived (or failed: a frame that fails is not waited for).
 */
function usePreloaded(urls: readonly string[]): number {
  const [loaded, setLoaded] = useState(0);
  useEffect(() => {
    let live = true;
    setLoaded(0);
    const images = urls.map((url) => {
      const img = new Image();
      const done = () => live && setLoaded((n) => n + 1);
      img.onload = done;
      img.onerror = done;
      img.src = url;
      return img;
    });
    return () => {
      live = false;
      for (const img of images) {
        img.onload = null;
        img.onerror = null;
      }
    };
  }, [urls]);
  return loaded;
}

/**
 * Turning by dragging across a viewer: the drag starts from the value shown when the pointer
 * went down, and `toValue(start, dx, width)` answers the value for the pointer having moved
 * `dx` pixels over a viewer `width` pixels wide. One pointer at a time, captured while held.
 */
function useDragTurn<T extends HTMLElement>(value: number, toValue: (start: number, dx: number, width: number) => void) {
  const drag = useRef<{ x: number; value: number; pointer: number } | null>(null);
  const box = useRef<T>(null);
  const end = () => {
    drag.current = null;
  };
  return {
    ref: box,
    onPointerDown: (e: PointerEvent) => {
      drag.current = { x: e.clientX, value, pointer: e.pointerId };
      box.current?.setPointerCapture?.(e.pointerId);
    },
    onPointerMove: (e: PointerEvent) => {
      const start = drag.current;
      if (!start || start.pointer !== e.pointerId || !Number.isFinite(e.clientX)) return;
      toValue(start.value, e.clientX - start.x, box.current?.clientWidth ?? 0);
    },
    onPointerUp: end,
    onPointerCancel: end,
  };
}

/** the look of a viewer turned by dragging or the keys */
const DRAG_SURFACE = {
  bgcolor: 'action.hover',
  borderRadius: 1,
  cursor: 'grab',
  touchAction: 'pan-y',
  userSelect: 'none',
  '&:active': { cursor: 'grabbing' },
  '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
} as const;

/** The row under a viewer: a step back, where it stands (for the eye: the slider says it), a step on. */
function StepRow({ back, on, backLabel, onLabel, where }: { back: () => void; on: () => void; backLabel: string; onLabel: string; where: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <IconButton size="small" aria-label={backLabel} onClick={back}>
        <ChevronLeft />
      </IconButton>
      <Typography variant="caption" color="text.secondary" sx={{ flex: 1, textAlign: 'center' }} aria-hidden>
        {where}
      </Typography>
      <IconButton size="small" aria-label={onLabel} onClick={on}>
        <ChevronRight />
      </IconButton>
    </Box>
  );
}

/**
 * What makes a 360 view a slider for the keyboard and assistive technology, beside its drag
 * handlers: the role, focus, value and its words, and the keys (`keys` says where each handled
 * key turns it; other keys are left to the page).
 */
function sliderProps<D extends object>(
  drag: D,
  { label, min, max, now, text, keys, turnTo }: { label: string; min: number; max: number; now: number; text: string; keys: Partial<Record<string, number>>; turnTo: (to: number) => void },
) {
  const onKeyDown = (e: KeyboardEvent) => {
    const to = keys[e.key];
    if (to === undefined) return;
    e.preventDefault();
    turnTo(to);
  };
  return { ...drag, role: 'slider', tabIndex: 0, 'aria-label': label, 'aria-valuemin': min, 'aria-valuemax': max, 'aria-valuenow': now, 'aria-valuetext': text, onKeyDown };
}

/**
 * An exterior 360: its frames in turn, spun by dragging across it (one full turn over its
 * width), by the arrow keys (Home, End: the first and last frame) or by its buttons. The
 * frames are loaded ahead; the slider says which frame shows.
 */
export function ExteriorSpin({ frames, label }: { frames: readonly string[]; label: string }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const loaded = usePreloaded(frames);
  const n = frames.length;
  const go = (i: number) => setIndex(wrap(i, n));
  // dragging left turns the car to the right, as a hand turning it would
  const dragTurn = useDragTurn<HTMLDivElement>(index, (start, dx, width) => {
    const perFrame = width > 0 ? Math.max(2, width / n) : FALLBACK_PX_PER_FRAME;
    go(start - Math.round(dx / perFrame));
  });

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box
        {...sliderProps(dragTurn, {
          label: t('orderDetail.media360.spinLabel', { name: label }),
          min: 1,
          max: n,
          now: index + 1,
          text: t('orderDetail.media360.frameOf', { n: index + 1, total: n }),
          keys: { ArrowRight: index + 1, ArrowUp: index + 1, ArrowLeft: index - 1, ArrowDown: index - 1, Home: 0, End: n - 1 },
          turnTo: go,
        })}
        aria-busy={loaded < n}
        data-testid="exterior-spin"
        sx={{ ...DRAG_SURFACE, position: 'relative', width: '100%', aspectRatio: '4 / 3', overflow: 'hidden' }}
      >
        <Box component="img" src={frames[index]} alt="" draggable={false} sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block', pointerEvents: 'none' }} />
      </Box>
      {loaded < n && <LinearProgress variant="determinate" value={(loaded / n) * 100} aria-label={t('orderDetail.media360.loadingFrames', { n: loaded, total: n })} />}
      <StepRow
        back={() => go(index - 1)}
        on={() => go(index + 1)}
        backLabel={t('orderDetail.media360.previous')}
        onLabel={t('orderDetail.media360.next')}
        where={t('orderDetail.media360.frameOf', { n: index + 1, total: n })}
      />
    </Box>
  );
}

/**
 * An interior 360: a window on the equirectangular panorama, drawn twice as wide as the window
 * is high and repeated sideways, so it turns round without end; panned by dragging, by the
 * arrow keys (10° a press; Home faces the front again) or by its buttons.
 */
export function InteriorPan({ url, label }: { url: string; label: string }) {
  const { t } = useTranslation();
  const [yaw, setYaw] = useState(0);
  const panoramaWidth = PANORAMA_VIEW_HEIGHT * 2;
  const turn = (degrees: number) => setYaw(wrap(Math.round(degrees), 360));
  // the picture follows the hand: dragging left looks further right
  const dragTurn = useDragTurn<HTMLDivElement>(yaw, (start, dx) => turn(start - (dx * 360) / panoramaWidth));

  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Box
        {...sliderProps(dragTurn, {
          label: t('orderDetail.media360.panLabel', { name: label }),
          min: 0,
          max: 359,
          now: yaw,
          text: t('orderDetail.media360.facing', { degrees: yaw }),
          keys: { ArrowRight: yaw + PAN_STEP_DEGREES, ArrowLeft: yaw - PAN_STEP_DEGREES, ArrowUp: yaw + PAN_STEP_DEGREES, ArrowDown: yaw - PAN_STEP_DEGREES, Home: 0 },
          turnTo: turn,
        })}
        data-testid="interior-pan"
        style={{ backgroundImage: `url("${url}")`, backgroundPosition: `${-Math.round((yaw / 360) * panoramaWidth)}px 0` }}
        sx={{ ...DRAG_SURFACE, width: '100%', height: PANORAMA_VIEW_HEIGHT, backgroundSize: `${panoramaWidth}px ${PANORAMA_VIEW_HEIGHT}px`, backgroundRepeat: 'repeat-x' }}
      />
      <StepRow
        back={() => turn(yaw - PAN_STEP_DEGREES)}
        on={() => turn(yaw + PAN_STEP_DEGREES)}
        backLabel={t('orderDetail.media360.lookLeft')}
        onLabel={t('orderDetail.media360.lookRight')}
        where={t('orderDetail.media360.facing', { degrees: yaw })}
      />
    </Box>
  );
}
