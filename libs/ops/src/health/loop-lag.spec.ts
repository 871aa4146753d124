import { LoopLagMonitor, LoopLagRule } from './loop-lag';

describe('the liveness rule on event-loop lag', () => {
  it('stays live through one slow tick above the bound', () => {
    const rule = new LoopLagRule(500, 10_000);
    rule.observe(20, 0);
    rule.observe(4_000, 1_000);
    rule.observe(30, 2_000);
    expect(rule.state(2_000)).toEqual({ live: true, lagMs: 30, overForMs: 0 });
  });

  it('turns not live once the lag stayed above the bound for the set time, and live again when it falls', () => {
    const rule = new LoopLagRule(500, 10_000);
    rule.observe(800, 1_000);
    rule.observe(900, 6_000);
    expect(rule.state(10_999)).toMatchObject({ live: true, overForMs: 9_999 });
    rule.observe(1_200, 11_000);
    expect(rule.state(11_000)).toEqual({ live: false, lagMs: 1_200, overForMs: 10_000 });
    rule.observe(40, 12_000);
    expect(rule.state(12_000)).toEqual({ live: true, lagMs: 40, overForMs: 0 });
  });

  it('counts a lag exactly at the bound as healthy', () => {
    const rule = new LoopLagRule(500, 0);
    rule.observe(500, 1);
    expect(rule.state(5).live).toBe(true);
    rule.observe(501, 6);
    expect(rule.state(6).live).toBe(false);
  });

  it('a new stretch above the bound starts counting again after a good sample', () => {
    const rule = new LoopLagRule(100, 5_000);
    rule.observe(200, 0);
    rule.observe(50, 4_000);
    rule.observe(200, 4_500);
    expect(rule.state(9_000)).toMatchObject({ live: true, overForMs: 4_500 });
    expect(rule.state(9_500)).toMatchObject({ live: false, overForMs: 5_000 });
  });
});

describe('the event-loop lag monitor', () => {
  it('measures a blocked loop and reports it not live', async () => {
    const monitor = new LoopLagMonitor({ maxLagMs: 100, forMs: 0, sampleMs: 50 });
    monitor.start();
    try {
      await new Promise((r) => setTimeout(r, 120));
      expect(monitor.rule.state(Date.now()).live).toBe(true);
      const until = Date.now() + 400;
      while (Date.now() < until) {
        // the loop is held, as by a synchronous computation
      }
      monitor.sample();
      const state = monitor.rule.state(Date.now());
      expect(state.live).toBe(false);
      expect(state.lagMs).toBeGreaterThanOrEqual(300);
    } finally {
      monitor.stop();
    }
  });
});
