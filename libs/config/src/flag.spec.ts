import { BooleanFlag, ConfigError, loadConfig, parseFlag } from '@app/config';

class Flags {
  @BooleanFlag() SEED_DEMO_DATA: boolean = false;
  @BooleanFlag() FEATURE_ON: boolean = true;
}

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(Flags, env);
    return [];
  } catch (err) {
    return (err as ConfigError).problems;
  }
};

describe('parseFlag', () => {
  it('reads true, 1 and yes as true, false, 0 and no as false, in any case and with spaces around', () => {
    expect(['true', '1', 'yes', 'TRUE', 'Yes', ' true '].map(parseFlag)).toEqual([true, true, true, true, true, true]);
    expect(['false', '0', 'no', 'FALSE', 'No', ' 0 '].map(parseFlag)).toEqual([false, false, false, false, false, false]);
  });

  it('keeps a boolean as it is', () => {
    expect([parseFlag(true), parseFlag(false)]).toEqual([true, false]);
  });

  it('knows nothing else', () => {
    expect(['', 'maybe', 'on', 'off', '2', 'y', 'n', 'true1'].map(parseFlag)).toEqual(Array(8).fill(undefined));
    expect([parseFlag(1), parseFlag(null), parseFlag(undefined)]).toEqual([undefined, undefined, undefined]);
  });
});

describe('a config with @BooleanFlag()', () => {
  it('reads SEED_DEMO_DATA=false and =0 as off, =true, =1 and =YES as on', () => {
    expect(['false', '0', 'no', 'False'].map((v) => loadConfig(Flags, { SEED_DEMO_DATA: v }).SEED_DEMO_DATA)).toEqual([false, false, false, false]);
    expect(['true', '1', 'YES'].map((v) => loadConfig(Flags, { SEED_DEMO_DATA: v }).SEED_DEMO_DATA)).toEqual([true, true, true]);
  });

  it('keeps the default when the variable is unset or empty', () => {
    expect(loadConfig(Flags, {})).toMatchObject({ SEED_DEMO_DATA: false, FEATURE_ON: true });
    expect(loadConfig(Flags, { SEED_DEMO_DATA: '', FEATURE_ON: '' })).toMatchObject({ SEED_DEMO_DATA: false, FEATURE_ON: true });
    expect(loadConfig(Flags, { FEATURE_ON: 'no' }).FEATURE_ON).toBe(false);
  });

  it('refuses any other value, naming the variable, its value and the words it takes', () => {
    expect(problemsOf({ SEED_DEMO_DATA: 'maybe', FEATURE_ON: 'on' })).toEqual([
      'SEED_DEMO_DATA has a wrong value "maybe": must be true, false, 1, 0, yes or no',
      'FEATURE_ON has a wrong value "on": must be true, false, 1, 0, yes or no',
    ]);
  });
});
