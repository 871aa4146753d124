import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

function describe(error: ValidationError, env: Record<string, string | undefined>): string {
  const raw = env[error.property];
  if (raw === undefined || raw === '') {
    return `${error.property} is missing`;
  }
  const reasons = Object.values(error.constraints ?? {}).join('; ');
  return `${error.property} has a wrong value "${raw}": ${reasons}`;
}

/**
 * Reads environment variables into a config class (class-validator decorators say what is
 * required and allowed; property initialisers give defaults). Throws a ConfigError naming
 * every missing or wrong variable.
 */
export function loadConfig<T extends object>(
  cls: new () => T,
  env: Record<string, string | undefined> = process.env,
): T {
  const defaults = new cls() as Record<string, unknown>;
  const given: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(env)) {
    // an empty variable counts as unset, so that `FOO=` falls back to the default
    if (value !== undefined && value !== '') given[key] = value;
  }
  const instance = plainToInstance(cls, { ...defaults, ...given }, {
    enableImplicitConversion: true,
    exposeDefaultValues: true,
  });
  const errors = validateSync(instance, { whitelist: false, forbidUnknownValues: false });
  if (errors.length > 0) {
    throw new ConfigError(errors.map((e) => describe(e, env)));
  }
  return instance;
}

/**
 * For a process entry point: load the config or print which variable is wrong and exit 1.
 */
export function loadConfigOrExit<T extends object>(cls: new () => T, processName: string): T {
  try {
    return loadConfig(cls);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(
        `${JSON.stringify({ level: 'fatal', time: new Date().toISOString(), name: processName, msg: err.message, problems: err.problems })}\n`,
      );
      process.stderr.write(`${processName} refuses to start. ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}
