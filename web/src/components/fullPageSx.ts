/**
 * A page of its own, the whole window high, its content in one centred column on the page's
 * background: the splash and the error pages. Spread it and add the gaps and alignment of the page.
 */
export const fullPageSx = {
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  bgcolor: 'background.default',
} as const;
