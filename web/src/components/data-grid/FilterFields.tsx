import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** The filters of a list held in the URL: a value by name and the way to change one. */
export interface FilterState<F extends string> {
  filters: Record<F, string>;
  setFilter: (name: F, value: string) => void;
}

/** A list filter picking one of `options`, or all ("All", the empty value). */
export function FilterSelect<F extends string>({
  grid,
  name,
  label,
  options,
}: {
  grid: FilterState<F>;
  name: F;
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={label}
      value={grid.filters[name]}
      onChange={(e) => grid.setFilter(name, e.target.value)}
      sx={{ minWidth: 170 }}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
    >
      <MenuItem value="">{t('orders.filters.all')}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A list filter holding a date (`YYYY-MM-DD`), such as from and to. */
export function FilterDate<F extends string>({ grid, name, label }: { grid: FilterState<F>; name: F; label: string }) {
  return (
    <TextField
      type="date"
      size="small"
      label={label}
      value={grid.filters[name]}
      onChange={(e) => grid.setFilter(name, e.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ width: 170 }}
    />
  );
}
