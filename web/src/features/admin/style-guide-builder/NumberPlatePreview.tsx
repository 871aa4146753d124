import type { NumberPlateMode } from '@app/contracts/wire';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ParseKeys } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isHexColor } from './builderLogic';

/** What the preview says it shows, per mode (its accessible name). */
const PREVIEW_LABEL: Record<NumberPlateMode, ParseKeys> = {
  off: 'admin.builder.numberPlatePreview.off',
  blur: 'admin.builder.numberPlatePreview.blur',
  colour: 'admin.builder.numberPlatePreview.colour',
  logo: 'admin.builder.numberPlatePreview.logo',
};

/** The plate on the drawing (viewBox units). */
const PLATE = { x: 50, y: 34, width: 140, height: 36, rx: 4 };
/** An example registration: no real plate. */
const PLATE_TEXT = 'AB 12 345';

/** Black or white, whichever reads better on `hex`. */
function inkOn(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! > 0.55 ? '#111111' : '#FFFFFF';
}

/**
 * A small drawing of a number plate on the back of a car, showing what the guide's number
 * plate setting does to it: left as is (off), blurred (blur), covered in the plate colour
 * (colour), or a plate of that colour carrying the guide's logo (logo; the word LOGO while
 * the guide has none, in the user's language).
 */
export function NumberPlatePreview({ mode, colour, logoUrl }: { mode: NumberPlateMode; colour: string; logoUrl: string | null }) {
  const { t } = useTranslation();
  // an id usable in url(#…): React's ids carry characters a fragment reference does not take
  const blurId = `plate-blur-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const fill = isHexColor(colour) ? colour.toUpperCase() : '#FFFFFF';
  const label = t(PREVIEW_LABEL[mode], { colour: fill });
  const plate = (
    <g data-testid="plate-original" filter={mode === 'blur' ? `url(#${blurId})` : undefined}>
      <rect {...PLATE} fill="#FFFFFF" stroke="#222222" strokeWidth={1.5} />
      <rect x={PLATE.x} y={PLATE.y} width={14} height={PLATE.height} rx={PLATE.rx} fill="#1F4FA0" />
      <text x={PLATE.x + 14 + (PLATE.width - 14) / 2} y={PLATE.y + 26} textAnchor="middle" fontFamily="'DejaVu Sans Mono', monospace" fontSize={20} fontWeight={700} fill="#111111">
        {PLATE_TEXT}
      </text>
    </g>
  );
  return (
    <Box sx={{ display: 'grid', gap: 0.5, alignContent: 'start' }}>
      <Typography variant="caption" color="text.secondary" component="p" aria-hidden>
        {t('admin.builder.numberPlatePreview.title')}
      </Typography>
      <Box
        component="svg"
        role="img"
        aria-label={label}
        data-testid="number-plate-preview"
        data-mode={mode}
        viewBox="0 0 240 100"
        sx={{ width: '100%', maxWidth: 320, height: 'auto', borderRadius: 1, display: 'block' }}
      >
        <defs>
          <filter id={blurId} x="-10%" y="-20%" width="120%" height="140%">
            <feGaussianBlur stdDeviation={4} />
          </filter>
        </defs>
        {/* the back of a car: body, bumper and the recess the plate sits in */}
        <rect x={0} y={0} width={240} height={100} rx={8} fill="#7A1F2B" />
        <rect x={0} y={78} width={240} height={22} fill="#2B2B2B" />
        <rect x={42} y={28} width={156} height={48} rx={6} fill="#5E1620" />
        {mode !== 'logo' && plate}
        {mode === 'colour' && <rect data-testid="plate-cover" {...PLATE} fill={fill} stroke="#222222" strokeWidth={1.5} />}
        {mode === 'logo' && (
          <g data-testid="plate-logo">
            <rect {...PLATE} fill={fill} stroke="#222222" strokeWidth={1.5} />
            {logoUrl ? (
              <image href={logoUrl} x={PLATE.x + 6} y={PLATE.y + 4} width={PLATE.width - 12} height={PLATE.height - 8} preserveAspectRatio="xMidYMid meet" />
            ) : (
              <text x={PLATE.x + PLATE.width / 2} y={PLATE.y + 26} textAnchor="middle" fontFamily="sans-serif" fontSize={20} fontWeight={700} fill={inkOn(fill)}>
                {t('admin.builder.numberPlatePreview.logoPlaceholder')}
              </text>
            )}
          </g>
        )}
      </Box>
    </Box>
  );
}
