import { OUTBOUND_REFUSED_MESSAGE, OutboundPolicy, OutboundRefusedError, parseAllowance, type LookupAll } from './outbound.policy';

const answers =
  (table: Record<string, string[]>): LookupAll =>
  async (host) => {
    const found = table[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

const PUBLIC = '93.184.216.34';

describe('the outbound policy: a target must lead out of the service\'s own network', () => {
  const policy = new OutboundPolicy({ lookup: answers({ 'cdn.dealer.example': [PUBLIC], localhost: ['127.0.0.1', '::1'] }) });

  it.each([
    // loopback in every spelling a resolver reads
    '127.0.0.1',
    'localhost',
    '0.0.0.0',
    '[::1]',
    '::1',
    '2130706433',
    '0x7f000001',
    '0177.0.0.1',
    '127.1',
    '0x7f.1',
    '127.0.0.1.',
    '0',
    // link-local, the cloud metadata address among them
    '169.254.169.254',
    // private, carrier-grade NAT, multicast, reserved, "this network"
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.1.10',
    '100.64.0.1',
    '100.127.255.254',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '0.1.2.3',
    '192.0.2.1',
    '198.18.0.1',
    // IPv6: unspecified, loopback, link-local, unique local, multicast, documentation
    '::',
    '[::]',
    'fe80::1',
    '[fe80::1%25eth0]',
    'febf::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '2001:db8::1',
    // IPv6 forms that carry a refused IPv4 address
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '[::ffff:169.254.169.254]',
    '::ffff:10.0.0.1',
    '::127.0.0.1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::1',
  ])('refuses %s before any connection', async (host) => {
    await expect(policy.resolve(host)).rejects.toThrow(new OutboundRefusedError(host));
    await expect(policy.resolve(host)).rejects.toMatchObject({ message: OUTBOUND_REFUSED_MESSAGE, code: 'EOUTBOUNDREFUSED' });
  });

  it('answers the address to connect to for a public address and a public name', async () => {
    await expect(policy.resolve('8.8.8.8')).resolves.toEqual({ host: '8.8.8.8', address: '8.8.8.8', family: 4 });
    await expect(policy.resolve('[2606:4700:4700::1111]')).resolves.toEqual({ host: '2606:4700:4700::1111', address: '2606:4700:4700::1111', family: 6 });
    await expect(policy.resolve('::ffff:8.8.8.8')).resolves.toEqual({ host: '8.8.8.8', address: '8.8.8.8', family: 4 });
    await expect(policy.resolve('CDN.Dealer.Example.')).resolves.toEqual({ host: 'cdn.dealer.example', address: PUBLIC, family: 4 });
  });

  it('refuses a name when any address it resolves to is internal', async () => {
    const mixed = new OutboundPolicy({ lookup: answers({ 'mixed.example': [PUBLIC, '10.1.2.3'] }) });
    await expect(mixed.resolve('mixed.example')).rejects.toThrow(OUTBOUND_REFUSED_MESSAGE);
  });

  it('resolves once and answers the address it checked, whatever the resolver says next (DNS rebinding)', async () => {
    const calls: string[] = [];
    let n = 0;
    const rebinding: LookupAll = async (host) => {
      calls.push(host);
      return [{ address: n++ === 0 ? PUBLIC : '127.0.0.1', family: 4 }];
    };
    const checked = await new OutboundPolicy({ lookup: rebinding }).resolve('rebind.example');
    expect(checked).toEqual({ host: 'rebind.example', address: PUBLIC, family: 4 });
    expect(calls).toEqual(['rebind.example']);
  });

  it('lets the operator allow named internal targets: by host name and by range', async () => {
    const lookup = answers({ 'ftp.plant.lan': ['10.20.0.5'], 'other.plant.lan': ['10.30.0.5'], localhost: ['127.0.0.1'] });
    const onPrem = new OutboundPolicy({ allowance: parseAllowance(' ftp.plant.lan , 192.168.10.0/24, 127.0.0.1, fd00::/8'), lookup });
    await expect(onPrem.resolve('ftp.plant.lan')).resolves.toMatchObject({ address: '10.20.0.5' });
    await expect(onPrem.resolve('FTP.PLANT.LAN')).resolves.toMatchObject({ address: '10.20.0.5' });
    await expect(onPrem.resolve('192.168.10.77')).resolves.toMatchObject({ address: '192.168.10.77' });
    await expect(onPrem.resolve('localhost')).resolves.toMatchObject({ address: '127.0.0.1' });
    await expect(onPrem.resolve('2130706433')).resolves.toMatchObject({ address: '127.0.0.1' });
    await expect(onPrem.resolve('::ffff:127.0.0.1')).resolves.toMatchObject({ address: '127.0.0.1', family: 4 });
    await expect(onPrem.resolve('fd00::5')).resolves.toMatchObject({ address: 'fd00::5' });
    // what the allowance does not name stays refused
    await expect(onPrem.resolve('other.plant.lan')).rejects.toThrow(OUTBOUND_REFUSED_MESSAGE);
    await expect(onPrem.resolve('192.168.11.1')).rejects.toThrow(OUTBOUND_REFUSED_MESSAGE);
    await expect(onPrem.resolve('127.0.0.2')).rejects.toThrow(OUTBOUND_REFUSED_MESSAGE);
    await expect(onPrem.resolve('169.254.169.254')).rejects.toThrow(OUTBOUND_REFUSED_MESSAGE);
  });

  it('reads the allowance and names a wrong entry', () => {
    expect(parseAllowance('')).toEqual({ hosts: new Set(), ranges: [] });
    expect(parseAllowance(undefined).ranges).toEqual([]);
    expect([...parseAllowance('Ftp.Plant.Lan,[::1]').hosts]).toEqual(['ftp.plant.lan']);
    expect(() => parseAllowance('10.0.0.0/33')).toThrow('"10.0.0.0/33" is not an address range (CIDR)');
    expect(() => parseAllowance('ftp host')).toThrow('"ftp host" is neither a host name, an address nor an address range');
  });

  it('passes the resolver\'s own failure on for a name that does not resolve, and accepts it at save time', async () => {
    await expect(policy.resolve('nowhere.example')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    await expect(policy.assertAllowed('nowhere.example')).resolves.toBeUndefined();
    await expect(policy.assertAllowed('cdn.dealer.example')).resolves.toBeUndefined();
    await expect(policy.assertAllowed('localhost')).rejects.toThrow(OUTBOUND_REFUSED_MESSAGE);
    await expect(policy.assertAllowed('0x7f000001')).rejects.toThrow(OUTBOUND_REFUSED_MESSAGE);
  });

  it('accepts a name that does not answer in time at save time', async () => {
    const silent = new OutboundPolicy({ lookup: () => new Promise(() => undefined) });
    await expect(silent.assertAllowed('slow.example', 50)).resolves.toBeUndefined();
  });

  it('checks with the system resolver by default: localhost is loopback', async () => {
    await expect(new OutboundPolicy().resolve('localhost')).rejects.toThrow(OUTBOUND_REFUSED_MESSAGE);
  });
});
