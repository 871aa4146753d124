import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';

/** The app mark (a car under a camera ring), decorative: pair it with a text name. */
export function Logo({ size = 40, sx }: { size?: number; sx?: SxProps<Theme> }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
      sx={[{ width: size, height: size, flexShrink: 0, display: 'block' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <rect width="64" height="64" rx="14" fill="#1f4e8c" />
      <path
        d="M14 42l5-11a5 5 0 0 1 4.6-3h16.8a5 5 0 0 1 4.6 3l5 11v6a2 2 0 0 1-2 2h-3a2 2 0 0 1-2-2v-2H21v2a2 2 0 0 1-2 2h-3a2 2 0 0 1-2-2z"
        fill="#fff"
      />
      <circle cx="22" cy="40" r="3" fill="#1f4e8c" />
      <circle cx="42" cy="40" r="3" fill="#1f4e8c" />
      <circle cx="47" cy="17" r="6" fill="none" stroke="#ffb020" strokeWidth="3" />
    </Box>
  );
}
