import { useSearchParams } from 'react-router-dom';
import { DEFAULT_WINDOW, windowOf, type DashboardWindow } from './dashboardLogic';

/** The chosen window, kept in the URL (`?period=month&frame=last`; the default, this year, leaves both out). */
export function useDashboardWindow(): [DashboardWindow, (next: DashboardWindow) => void] {
  const [params, setParams] = useSearchParams();
  const set = (next: DashboardWindow) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        const isDefault = next.timePeriod === DEFAULT_WINDOW.timePeriod && next.timeFrame === DEFAULT_WINDOW.timeFrame;
        if (isDefault) out.delete('period');
        else out.set('period', next.timePeriod);
        if (next.timeFrame === 'current') out.delete('frame');
        else out.set('frame', next.timeFrame);
        return out;
      },
      { replace: true },
    );
  return [windowOf(params), set];
}
