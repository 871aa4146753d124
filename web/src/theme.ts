import { createTheme } from '@mui/material/styles';

/** The one theme of the app. Screens style with `sx` against these tokens. */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#1f4e8c' },
    secondary: { main: '#ffb020' },
    success: { main: '#2e7d32' },
    warning: { main: '#ed8a00' },
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
  },
});

/**
 * Badge tones of spec section 4, defined once for every screen:
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

/** The tone of an order or QA status, or undefined for statuses the spec gives no colour. */
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
