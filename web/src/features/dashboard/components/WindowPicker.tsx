import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { WINDOWS, windowValue, type DashboardWindow } from '../dashboardLogic';

/** The window of a dashboard's charts: today, this week … last year. */
export function WindowPicker({ value, onChange }: { value: DashboardWindow; onChange: (next: DashboardWindow) => void }) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('dashboard.common.window')}
      value={windowValue(value)}
      onChange={(e) => onChange(WINDOWS.find((w) => windowValue(w) === e.target.value) ?? value)}
      sx={{ minWidth: 180, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
    >
      {WINDOWS.map((w) => (
        <MenuItem key={windowValue(w)} value={windowValue(w)}>
          {t(`dashboard.common.windows.${w.timeFrame}.${w.timePeriod}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
