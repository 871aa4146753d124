import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A list's search is sent this long after the last key. */
export const SEARCH_DEBOUNCE_MS = 500;

/** A list's search field: what is typed goes to `onChange` 500 ms after the last key. */
export function SearchField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  // the URL changed elsewhere (reset filters, back): show it
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // only the typed text starts the wait
  }, [text]);
  return <TextField size="small" type="search" label={t('fields.search')} value={text} onChange={(e) => setText(e.target.value)} sx={{ minWidth: 240 }} />;
}
