import { useTranslation } from 'react-i18next';
import { ORDER_NAME_MAX, ORDER_NAME_MIN } from '../api/orders';
import type { OrderNameError } from '../utils/orderName';

/** The messages of the order name rules (`orders.name.min`, `orders.name.max`), translated. */
export function useOrderNameErrorText() {
  const { t } = useTranslation();
  return (error: OrderNameError | undefined): string | undefined => {
    if (error === 'min') return t('orders.name.min', { min: ORDER_NAME_MIN });
    if (error === 'max') return t('orders.name.max', { max: ORDER_NAME_MAX });
    return undefined;
  };
}
