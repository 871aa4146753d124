import Box from '@mui/material/Box';

/** Text that stays on one line (a date, a short code in a table cell). */
export function NoWrap({ children }: { children: string }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {children}
    </Box>
  );
}
