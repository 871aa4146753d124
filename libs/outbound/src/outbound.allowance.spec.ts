import { loadConfig } from '@app/config';
import { IsOutboundAllowance } from './outbound.allowance';

class WithAllowance {
  @IsOutboundAllowance() OUTBOUND_ALLOW: string = '';
}

describe('OUTBOUND_ALLOW at boot', () => {
  it('is empty by default and takes host names, addresses and ranges', () => {
    expect(loadConfig(WithAllowance, {}).OUTBOUND_ALLOW).toBe('');
    expect(loadConfig(WithAllowance, { OUTBOUND_ALLOW: 'ftp.plant.lan, 10.20.0.0/16,127.0.0.1,[::1],fd00::/8' }).OUTBOUND_ALLOW).toBe('ftp.plant.lan, 10.20.0.0/16,127.0.0.1,[::1],fd00::/8');
  });

  it('stops the process naming a wrong entry', () => {
    expect(() => loadConfig(WithAllowance, { OUTBOUND_ALLOW: 'ftp.plant.lan,10.0.0.0/40' })).toThrow(
      'OUTBOUND_ALLOW has a wrong value "ftp.plant.lan,10.0.0.0/40": must be host names, addresses or CIDR ranges separated by commas: "10.0.0.0/40" is not an address range (CIDR)',
    );
  });
});
