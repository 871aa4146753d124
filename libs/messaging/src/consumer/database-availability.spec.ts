import { isDatabaseUnavailable } from '@app/messaging';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable: a failure that is the database being away, not the work', () => {
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a server shutting down', withCode('terminating connection due to administrator command', '57P01')],
    ['a server starting up', withCode('the database system is starting up', '57P03')],
    ['a connection exception', withCode('connection failure', '08006')],
    ['a server that takes no more connections', withCode('sorry, too many clients already', '53300')],
    ['a cut connection', new Error('Connection terminated unexpectedly')],
    ['the connection under a transaction lost', Object.assign(new Error('Database connection provided by a query runner was already released'), { name: 'QueryRunnerProviderAlreadyReleasedError' })],
    ['the driver error inside a query error', Object.assign(new Error('Query failed'), { driverError: withCode('terminating connection', '57P01') })],
  ])('%s is', (_what, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['a syntax error', withCode('syntax error at or near "SELEC"', '42601')],
    ['another insufficient-resources error (disk full)', withCode('could not extend file', '53100')],
    ['a plain error of the work', new Error('The picture is not a JPEG')],
    ['nothing', undefined],
  ])('%s is not', (_what, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});
