import type { MediaKind } from '@app/contracts/wire';
import Box from '@mui/material/Box';

/** Media drawn over a photo: white line art on transparent, invisible on a white page. */
const OVERLAY_KINDS: ReadonlySet<MediaKind> = new Set<MediaKind>(['angle_overlay', 'frame_overlay', 'overlay']);

export function isOverlayKind(kind: MediaKind): boolean {
  return OVERLAY_KINDS.has(kind);
}

/** A dark checkerboard: white lines show on it, and its squares tell where the medium is transparent. */
export const overlayTileSx = {
  bgcolor: 'grey.800',
  backgroundImage: 'conic-gradient(#5a5a5a 25%, #3d3d3d 0 50%, #5a5a5a 0 75%, #3d3d3d 0)',
  backgroundSize: '12px 12px',
} as const;

/**
 * The one preview of an overlay medium (angle and frame overlays): the picture fitted on a dark
 * checkered tile, `size` pixels square, or `width` by `height` when given.
 */
export function OverlayPreview({ src, alt, size = 40, height }: { src: string; alt: string; size?: number | string; height?: number | string }) {
  return (
    <Box
      data-testid="overlay-preview"
      sx={{ width: size, height: height ?? size, flexShrink: 0, borderRadius: 1, overflow: 'hidden', display: 'flex', alignItems: 'center', justifyContent: 'center', ...overlayTileSx }}
    >
      <Box component="img" src={src} alt={alt} sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain', display: 'block' }} />
    </Box>
  );
}
