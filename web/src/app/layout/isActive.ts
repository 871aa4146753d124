import { matchPath } from 'react-router-dom';
import type { VisibleMenuEntry } from '../menu';

/** Whether a menu entry is the current page, or holds it in its sub-menu. */
export const isActive = (pathname: string, entry: VisibleMenuEntry): boolean =>
  matchPath({ path: entry.path, end: false }, pathname) !== null || entry.children.some((c) => isActive(pathname, c));
