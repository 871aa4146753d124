import { useState } from 'react';

/**
 * True from the first render in which `open` is true, and for good after that. A dialog or
 * drawer whose module loads lazily is mounted the first time it opens (so its code is not part
 * of the page's first load) and stays mounted, so it closes with its transition and opens
 * again at once.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
