import { ROUTES } from '@app/contracts';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { JobContext } from './job-context';
import { RouteRunner, type RouteOutcome } from '../routes/route-runner';
import { PIPELINE_ROUTES, ROUTE_TABLE, routeTableProblems, type StepName } from '../routes/route-table';
import { RouteRegistry } from './route-registry';

/** Stands in for the runner: answers with the steps it was handed, so a test sees which list a route runs. */
const echoRunner = {
  run: async (steps: readonly StepName[]): Promise<RouteOutcome> => ({ status: 'failed', code: 'processing-error', reason: steps.join(' ') }),
} as unknown as RouteRunner;

async function boot(table: unknown): Promise<RouteRegistry> {
  @Module({ providers: [RouteRegistry, { provide: PIPELINE_ROUTES, useValue: table }, { provide: RouteRunner, useValue: echoRunner }] })
  class TestModule {}
  const app = await NestFactory.createApplicationContext(TestModule, { logger: false, abortOnError: false });
  const registry = app.get(RouteRegistry);
  await app.close();
  return registry;
}

describe('the route table', () => {
  it('gives every route of the contract its steps, once each and in running order', () => {
    expect(Object.keys(ROUTE_TABLE).sort()).toEqual([...ROUTES].sort());
    expect(routeTableProblems(ROUTE_TABLE)).toEqual([]);
  });

  it('differs between routes only where the product does: bypass and logo_only take the same steps', () => {
    expect(ROUTE_TABLE.logo_only).toEqual(ROUTE_TABLE.bypass);
    expect(ROUTE_TABLE.full.filter((s) => !ROUTE_TABLE.ai_no_enh.includes(s))).toEqual(['enhance']);
    expect(ROUTE_TABLE.full.filter((s) => !ROUTE_TABLE.enhancer.includes(s))).toEqual(['overlays']);
    expect(ROUTE_TABLE.FEATURED).toContain('featured-canvas');
    expect(ROUTE_TABLE.FEATURED).not.toContain('straighten');
    for (const route of ROUTES.filter((r) => r !== 'FEATURED')) expect(ROUTE_TABLE[route]).not.toContain('featured-canvas');
  });

  it('boots with the table and runs each route through its own steps', async () => {
    const registry = await boot(ROUTE_TABLE);
    for (const r of ROUTES) {
      expect(await registry.handlerFor(r).run({} as JobContext)).toMatchObject({ reason: ROUTE_TABLE[r].join(' ') });
    }
  });

  it('refuses to start when a route is missing or has no steps, naming it', async () => {
    const { logo_only: _dropped, ...withoutLogoOnly } = ROUTE_TABLE;
    await expect(boot(withoutLogoOnly)).rejects.toThrow('route "logo_only" has no steps');
    await expect(boot({ ...ROUTE_TABLE, bypass: [] })).rejects.toThrow('route "bypass" has no steps');
  });

  it('refuses to start on an unknown step, steps out of running order or a route outside the contract', async () => {
    await expect(boot({ ...ROUTE_TABLE, full: ['frame', 'sharpen'] })).rejects.toThrow('route "full" has unknown steps (sharpen)');
    await expect(boot({ ...ROUTE_TABLE, enhancer: ['frame', 'logo', 'cut-out'] })).rejects.toThrow(
      'route "enhancer" does not list its steps once each in running order (frame, logo, cut-out)',
    );
    await expect(boot({ ...ROUTE_TABLE, bypass: ['frame', 'frame'] })).rejects.toThrow('route "bypass" does not list its steps once each');
    await expect(boot({ ...ROUTE_TABLE, express: ['frame'] })).rejects.toThrow('"express" is not a route of the contract');
  });
});
