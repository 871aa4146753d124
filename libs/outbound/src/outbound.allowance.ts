import { ValidateBy } from 'class-validator';
import { parseAllowance } from './outbound.policy';

/**
 * The config decorator of OUTBOUND_ALLOW: host names, addresses and CIDR ranges separated by
 * commas, empty by default. A wrong entry stops the process at boot, naming it.
 */
export function IsOutboundAllowance(): PropertyDecorator {
  const problem = (value: unknown): string | null => {
    if (typeof value !== 'string') return 'must be host names, addresses or CIDR ranges separated by commas';
    try {
      parseAllowance(value);
      return null;
    } catch (err) {
      return `must be host names, addresses or CIDR ranges separated by commas: ${(err as Error).message}`;
    }
  };
  return ValidateBy({
    name: 'isOutboundAllowance',
    validator: {
      validate: (value: unknown) => problem(value) === null,
      defaultMessage: (args) => problem(args?.value) ?? '',
    },
  });
}
