import { ROUTES, type Route } from '@app/contracts';
import { Module, type Type } from '@nestjs/common';
import { DiscoveryModule, NestFactory } from '@nestjs/core';
import { ROUTE_HANDLERS } from '../routes/routes.module';
import { PipelineRouteHandler, routeOf, type RouteHandler, type RouteOutcome } from './route-handler.decorator';
import { RouteRegistry } from './route-registry';

function fakeHandler(route: Route, name: string): Type<RouteHandler> {
  @PipelineRouteHandler(route)
  class Handler implements RouteHandler {
    readonly steps = [];
    async run(): Promise<RouteOutcome> {
      return { status: 'failed', code: 'processing-error', reason: name };
    }
  }
  Object.defineProperty(Handler, 'name', { value: name });
  return Handler;
}

async function boot(handlers: Type<RouteHandler>[]): Promise<RouteRegistry> {
  @Module({ imports: [DiscoveryModule], providers: [RouteRegistry, ...handlers] })
  class TestModule {}
  const app = await NestFactory.createApplicationContext(TestModule, { logger: false, abortOnError: false });
  const registry = app.get(RouteRegistry);
  await app.close();
  return registry;
}

describe('route handlers', () => {
  it('has exactly one handler class per route of the contract', () => {
    expect(ROUTE_HANDLERS.map((h) => routeOf(h)).sort()).toEqual([...ROUTES].sort());
  });

  it('boots with one handler per route and gives each route its own', async () => {
    const registry = await boot(ROUTES.map((r) => fakeHandler(r, `${r}Handler`)));
    for (const r of ROUTES) {
      expect(await registry.handlerFor(r).run({} as never)).toMatchObject({ reason: `${r}Handler` });
    }
  });

  it('refuses to start when a route has no handler', async () => {
    const some = ROUTES.filter((r) => r !== 'logo_only').map((r) => fakeHandler(r, `${r}Handler`));
    await expect(boot(some)).rejects.toThrow('route "logo_only" has no handler');
  });

  it('refuses to start when a route has two handlers, naming them', async () => {
    const handlers = [...ROUTES.map((r) => fakeHandler(r, `${r}Handler`)), fakeHandler('bypass', 'SecondBypass')];
    await expect(boot(handlers)).rejects.toThrow('route "bypass" has 2 handlers (bypassHandler, SecondBypass)');
  });
});
