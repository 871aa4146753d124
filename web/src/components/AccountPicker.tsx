import type { UserListItem } from '@app/contracts/wire';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ordersApi } from '../../api/orders';
import { userKeys } from '../../api/users';

const SEARCH_DEBOUNCE_MS = 500;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Admin impersonation: the dealership or management account the order is created for. */
export function AccountPicker({ value, onChange, error }: { value: UserListItem | null; onChange: (account: UserListItem | null) => void; error?: string }) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const search = useDebounced(input, SEARCH_DEBOUNCE_MS);
  const accounts = useQuery({
    queryKey: userKeys.accounts(search),
    queryFn: async ({ signal }) => {
      const [dealerships, management] = await Promise.all([ordersApi.accounts('Dealership', search, signal), ordersApi.accounts('Management', search, signal)]);
      return [...dealerships.items, ...management.items].sort((a, b) => a.displayName.localeCompare(b.displayName));
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
        <TextField {...params} margin="normal" required label={t('fields.dealership')} error={Boolean(error)} helperText={error ?? t('createOrder.accountHelp')} />
      )}
    />
  );
}
