import { ConfigError, loadConfig } from '@app/config';
import { GatewayConfig } from './gateway.config';

describe('gateway configuration: CORS_ORIGINS', () => {
  const base = { JWT_SECRET: 'a-secret-that-is-long-enough-for-hs256-0123' };

  it('allows only the gateway its own origin when unset (it serves the web app itself)', () => {
    expect(loadConfig(GatewayConfig, { ...base, PORT: '9090' }).corsOrigins()).toEqual(['http://localhost:9090']);
    expect(loadConfig(GatewayConfig, { ...base, CORS_ORIGINS: '' }).corsOrigins()).toEqual(['http://localhost:8080']);
  });

  it('takes a comma-separated list of origins', () => {
    const config = loadConfig(GatewayConfig, { ...base, CORS_ORIGINS: 'https://app.example.com, http://localhost:5173' });
    expect(config.corsOrigins()).toEqual(['https://app.example.com', 'http://localhost:5173']);
  });

  it('refuses to start on something that is not a list of origins', () => {
    for (const wrong of ['*', 'app.example.com', 'https://app.example.com/path', 'https://a.example.com,,https://b.example.com']) {
      expect(() => loadConfig(GatewayConfig, { ...base, CORS_ORIGINS: wrong })).toThrow(ConfigError);
    }
  });
});

describe('gateway configuration: TRUSTED_PROXIES', () => {
  const base = { JWT_SECRET: 'a-secret-that-is-long-enough-for-hs256-0123' };

  it('trusts no proxy when unset', () => {
    expect(loadConfig(GatewayConfig, base).trustedProxies()).toEqual([]);
  });

  it('takes addresses and ranges, IPv4 and IPv6, separated by commas', () => {
    const config = loadConfig(GatewayConfig, { ...base, TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1,::1, fd00::/8' });
    expect(config.trustedProxies()).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8']);
  });

  it('refuses to start on something that is not an address', () => {
    for (const wrong of ['*', 'loopback', 'proxy.example.com', '10.0.0.0/8,,10.1.0.0/16', 'true']) {
      expect(() => loadConfig(GatewayConfig, { ...base, TRUSTED_PROXIES: wrong })).toThrow(ConfigError);
    }
  });
});
