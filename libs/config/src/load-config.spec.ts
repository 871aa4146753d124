import { ConfigError, DatabaseConfig, loadConfig, StorageConfig } from '@app/config';

describe('loadConfig', () => {
  it('applies defaults and converts numbers', () => {
    const cfg = loadConfig(DatabaseConfig, { DATABASE_URL: 'postgres://u@h/db', RPC_TIMEOUT_MS: '2500' });
    expect(cfg.DATABASE_URL).toBe('postgres://u@h/db');
    expect(cfg.RPC_TIMEOUT_MS).toBe(2500);
    expect(cfg.NATS_URL).toBe('nats://127.0.0.1:4222');
    expect(cfg.LOG_LEVEL).toBe('info');
  });

  it('keeps each stream in one copy unless NATS_STREAM_REPLICAS says 1 to 5', () => {
    const db = { DATABASE_URL: 'postgres://u@h/db' };
    expect(loadConfig(DatabaseConfig, db).NATS_STREAM_REPLICAS).toBe(1);
    expect(loadConfig(DatabaseConfig, { ...db, NATS_STREAM_REPLICAS: '3' }).NATS_STREAM_REPLICAS).toBe(3);
    expect(() => loadConfig(DatabaseConfig, { ...db, NATS_STREAM_REPLICAS: '7' })).toThrow('NATS_STREAM_REPLICAS has a wrong value "7"');
    expect(() => loadConfig(DatabaseConfig, { ...db, NATS_STREAM_REPLICAS: 'three' })).toThrow('NATS_STREAM_REPLICAS has a wrong value "three"');
  });

  it('names a missing variable', () => {
    expect(() => loadConfig(DatabaseConfig, {})).toThrow('DATABASE_URL is missing');
  });

  it('treats an empty variable as missing', () => {
    expect(() => loadConfig(DatabaseConfig, { DATABASE_URL: '' })).toThrow('DATABASE_URL is missing');
  });

  it('names every wrong variable with its value and the rule', () => {
    let err: ConfigError | undefined;
    try {
      loadConfig(StorageConfig, {
        DATABASE_URL: 'mysql://x',
        NATS_URL: 'http://nats',
        RPC_TIMEOUT_MS: 'soon',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY: 'k',
      });
    } catch (e) {
      err = e as ConfigError;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect(err!.problems).toEqual(
      expect.arrayContaining([
        'DATABASE_URL has a wrong value "mysql://x": must be a postgres:// connection URL',
        'NATS_URL has a wrong value "http://nats": must be one or more nats:// URLs separated by commas',
        expect.stringMatching(/^RPC_TIMEOUT_MS has a wrong value "soon"/),
        'S3_SECRET_KEY is missing',
      ]),
    );
  });
});
