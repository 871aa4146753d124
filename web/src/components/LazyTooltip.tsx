import type { TooltipProps } from '@mui/material/Tooltip';
import { cloneElement, useEffect, useState, type ComponentType } from 'react';

/**
 * MUI's Tooltip with Popper.js weighs about 11 KB gzip, and a tooltip only shows on a hover or a
 * keyboard focus. So it is not part of a page's first load: the page renders the child alone
 * (named by the title, as the Tooltip names it), and the Tooltip module is fetched right after
 * the first render; from then on, on this and every later screen, the real Tooltip wraps the
 * child.
 */
let Tooltip: ComponentType<TooltipProps> | undefined;
let loading: Promise<ComponentType<TooltipProps>> | undefined;

/** Fetches the Tooltip module once; every LazyTooltip waits on the same request. */
export function loadTooltip(): Promise<ComponentType<TooltipProps>> {
  loading ??= import('@mui/material/Tooltip').then((module) => (Tooltip = module.default));
  return loading;
}

/** A Tooltip (same props) whose module loads after the page has shown. */
export function LazyTooltip(props: TooltipProps) {
  const [Loaded, setLoaded] = useState(() => Tooltip);
  useEffect(() => {
    if (Loaded) return;
    let current = true;
    void loadTooltip().then((component) => {
      if (current) setLoaded(() => component);
    });
    return () => {
      current = false;
    };
  }, [Loaded]);
  if (Loaded) return <Loaded {...props} />;
  // until then the child carries the name (or, with describeChild, the title) the closed Tooltip
  // would give it; the child's own props win, as they do in the Tooltip
  const { title, describeChild, children } = props;
  if (typeof title !== 'string') return children;
  const own = children.props as { 'aria-label'?: string; title?: string };
  if (describeChild) return own.title === undefined ? cloneElement(children, { title } as object) : children;
  return own['aria-label'] === undefined ? cloneElement(children, { 'aria-label': title } as object) : children;
}
