import { BatchedStdout } from './log-destination';

describe('BatchedStdout', () => {
  afterEach(() => jest.useRealTimers());

  function capture() {
    const writes: string[] = [];
    return { writes, out: new BatchedStdout({ write: (chunk: string) => writes.push(chunk) }) };
  }

  it('writes the lines of a burst together, 100 ms after the first, in their order', () => {
    jest.useFakeTimers();
    const { writes, out } = capture();
    out.write('{"msg":"a"}\n');
    out.write('{"msg":"b"}\n');
    jest.advanceTimersByTime(99);
    expect(writes).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(writes).toEqual(['{"msg":"a"}\n{"msg":"b"}\n']);
    // a quiet process: the next line waits no longer than the first did
    out.write('{"msg":"c"}\n');
    jest.advanceTimersByTime(100);
    expect(writes).toEqual(['{"msg":"a"}\n{"msg":"b"}\n', '{"msg":"c"}\n']);
  });

  it('writes at once when 16 KB are waiting, and writes nothing when nothing waits', () => {
    jest.useFakeTimers();
    const { writes, out } = capture();
    const line = `${'x'.repeat(1023)}\n`;
    for (let i = 0; i < 16; i++) out.write(line);
    expect(writes).toEqual([line.repeat(16)]);
    out.flush();
    jest.advanceTimersByTime(1000);
    expect(writes).toHaveLength(1);
  });

  it('writes what is waiting when the process exits', () => {
    const { writes, out } = capture();
    // the handler this writer added (the latest one), called as the exit would call it
    const onExit = process.listeners('exit').at(-1) as (code: number) => void;
    out.write('{"msg":"last words"}\n');
    onExit(1);
    expect(writes).toEqual(['{"msg":"last words"}\n']);
    process.removeListener('exit', onExit);
  });
});
