import { useTranslation } from 'react-i18next';
import { ORDER_NAME_MAX, ORDER_NAME_MIN } from '@app/contracts/wire';
import type { OrderNameError } from './orderRules';

/** The messages of the order name rules (`orders.name.min`, `orders.name.max`), translated. */
export function useOrderNameErrorText() {
  const { t } = useTranslation();
  return (error: OrderNameError | undefined): string | undefined => {
    if (error === 'min') return t('orders.name.min', { min: ORDER_NAME_MIN });
    if (error === 'max') return t('orders.name.max', { max: ORDER_NAME_MAX });
    return undefined;
  };
}
