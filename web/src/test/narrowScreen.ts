/**
 * A viewport below the theme's `sm` breakpoint: every media query of MUI's `down('sm')`
 * matches. Returns the function that puts the real `matchMedia` back.
 */
export function narrowScreen(): () => void {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    matches: query.includes('max-width'),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}
