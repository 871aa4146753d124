import { createTheme } from '@mui/material/styles';

/** The one theme of the app. Screens style with `sx` against these tokens. */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#1f4e8c' },
    secondary: { main: '#ffb020' },
    success: { main: '#2e7d32' },
    // darker than MUI's orange: outlined warning buttons write their text in it (#ed8a00 read 2.4:1 on the page)
    warning: { main: '#a15c00' },
    // MUI's default info (#0288d1) reads at 3.6:1 as outlined text on the page: under WCAG AA's 4.5:1
    info: { main: '#01579b' },
    error: { main: '#d32f2f' },
    background: { default: '#f5f7fb', paper: '#ffffff' },
  },
  shape: { borderRadius: 8 },
  typography: {
    // System fonts: nothing to download, and each OS brings glyphs for Hindi and Japanese.
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    h1: { fontSize: '1.625rem', fontWeight: 600, '@media (min-width:600px)': { fontSize: '2rem' } },
    h2: { fontSize: '1.5rem', fontWeight: 600 },
    h3: { fontSize: '1.25rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    // a disabled field's helper text still says something to read ("No active integrations"):
    // MUI greys it to text.disabled (2.7:1); it keeps text.secondary (5.7:1)
    MuiFormHelperText: { styleOverrides: { root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }) } },
  },
});

/**
 * Badge tones of order and QA statuses, defined once for every screen:
 * success for Completed and Approved; warning for Uploading, In Progress, QA stage,
 * Waiting For QA and Ready to download; danger for Waiting For Edition and Declined.
 */
export type BadgeTone = 'success' | 'warning' | 'danger';

const BADGE_TONES: Readonly<Record<string, BadgeTone>> = {
  'completed': 'success',
  'approved': 'success',
  'uploading': 'warning',
  'in progress': 'warning',
  'qa stage': 'warning',
  'waiting for qa': 'warning',
  'ready to download': 'warning',
  'waiting for edition': 'danger',
  'declined': 'danger',
};

/** Server values come as labels ("Ready to download") or constants ("READY_TO_DOWNLOAD"). */
function normalise(status: string): string {
  return status.trim().toLowerCase().replace(/[\s_-]+/g, ' ');
}

/** The tone of an order or QA status, or undefined for statuses shown without a colour. */
export function badgeTone(status: string): BadgeTone | undefined {
  return BADGE_TONES[normalise(status)];
}

/** MUI palette colour for a tone (MUI calls danger "error"). */
export type BadgeColor = 'success' | 'warning' | 'error' | 'default';

export function badgeColor(status: string): BadgeColor {
  const tone = badgeTone(status);
  if (tone === 'danger') return 'error';
  return tone ?? 'default';
}

/**
 * Tag colours: the named ones map to these; admins may also give a hex
 * colour, used as it is. Anything else shows grey.
 */
export const TAG_COLORS: Readonly<Record<string, string>> = {
  green: '#2e7d32',
  yellow: '#f9c30f',
  grey: '#78828c',
  orange: '#ef6c00',
  red: '#d32f2f',
  blue: '#1976d2',
  cyan: '#00838f',
  indigo: '#3949ab',
  deep_green: '#1b5e20',
  purple: '#7b1fa2',
};

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export function tagColor(color: string | null | undefined): string {
  const c = (color ?? '').trim();
  if (HEX.test(c)) return c;
  return TAG_COLORS[c.toLowerCase().replace(/[\s-]+/g, '_')] ?? TAG_COLORS['grey']!;
}

/** Black or white text, whichever reads better on `hex` (WCAG relative luminance). */
export function textOn(hex: string): string {
  let h = hex.replace('#', '');
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  const [r, g, b] = [0, 2, 4].map((i) => {
    const v = parseInt(h.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.179 ? 'rgba(0, 0, 0, 0.87)' : '#ffffff';
}
