import type { UserListItem } from '@app/contracts/wire';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { userKeys, usersApi } from '../api/users';
import { SEARCH_DEBOUNCE_MS } from './data-grid/SearchField';

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

type AccountRole = 'Dealership' | 'Management';

export interface AccountPickerProps {
  value: UserListItem | null;
  onChange: (account: UserListItem | null) => void;
  error?: string;
  /** the roles of the accounts offered (dealership and management unless told) */
  roles?: readonly AccountRole[];
  /** the help under the field when there is no error */
  helperText?: string;
}

const BOTH: readonly AccountRole[] = ['Dealership', 'Management'];

/**
 * The admin's choice of an account, searched as you type: the account an order is created for
 * (impersonation), the account whose sales people are shown.
 */
export function AccountPicker({ value, onChange, error, roles = BOTH, helperText }: AccountPickerProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const search = useDebounced(input, SEARCH_DEBOUNCE_MS);
  const accounts = useQuery({
    queryKey: userKeys.accounts(search, roles),
    queryFn: async ({ signal }) => {
      const pages = await Promise.all(roles.map((role) => usersApi.accounts(role, search, signal)));
      return pages.flatMap((p) => p.items).sort((a, b) => a.displayName.localeCompare(b.displayName));
    },
  });
  return (
    <Autocomplete<UserListItem>
      value={value}
      onChange={(_e, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_e, next) => setInput(next)}
      options={accounts.data ?? []}
      loading={accounts.isFetching}
      filterOptions={(options) => options}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.displayName}
      renderOption={({ key, ...props }, o) => (
        <Box component="li" key={key} {...props} sx={{ display: 'grid !important', justifyItems: 'start' }}>
          <Typography variant="body2">{o.displayName}</Typography>
          <Typography variant="caption" color="text.secondary">
            {t(`roles.${o.userRole}`)} · {o.email}
          </Typography>
        </Box>
      )}
      noOptionsText={t('createOrder.noAccounts')}
      renderInput={(params) => (
        <TextField {...params} margin="normal" required label={t('fields.dealership')} error={Boolean(error)} helperText={error ?? helperText ?? t('createOrder.accountHelp')} />
      )}
    />
  );
}
