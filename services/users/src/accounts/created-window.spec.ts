import { RpcError } from '@app/contracts';
import { createdWindow } from './accounts.service';

describe('createdWindow: the accounts list\'s creation dates', () => {
  it('starts at the first instant of a from date and ends with the whole to day', () => {
    expect(createdWindow('2026-03-01', '2026-03-31')).toEqual({
      createdFrom: new Date('2026-03-01T00:00:00.000Z'),
      createdBefore: new Date('2026-04-01T00:00:00.000Z'),
    });
  });

  it('takes a time as that instant, included', () => {
    expect(createdWindow(undefined, '2026-03-31T12:00:00.000Z')).toEqual({ createdBefore: new Date('2026-03-31T12:00:00.001Z') });
    expect(createdWindow('2026-03-01T08:30:00Z', undefined)).toEqual({ createdFrom: new Date('2026-03-01T08:30:00.000Z') });
  });

  it('has no bound for a date not given', () => {
    expect(createdWindow(undefined, undefined)).toEqual({});
  });

  it('lets from and to be the same day, and refuses a from after the to with a sentence', () => {
    expect(createdWindow('2026-03-01', '2026-03-01').createdBefore).toEqual(new Date('2026-03-02T00:00:00.000Z'));
    expect(() => createdWindow('2026-03-02', '2026-03-01')).toThrow(RpcError);
    expect(() => createdWindow('2026-03-02', '2026-03-01')).toThrow('from must not be later than to');
  });
});
