import { ROUTES, type Route } from '@app/contracts';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { routeOf, type RouteHandler } from './route-handler.decorator';

export interface RegisteredHandler {
  route: Route;
  name: string;
  handler: RouteHandler;
}

/**
 * The route table: every route of the contract with exactly one handler. Throws, naming the
 * routes, when one has no handler or more than one (the service then refuses to start).
 */
export function buildRouteTable(found: RegisteredHandler[]): Map<Route, RouteHandler> {
  const problems: string[] = [];
  const table = new Map<Route, RouteHandler>();
  for (const route of ROUTES) {
    const mine = found.filter((f) => f.route === route);
    if (mine.length === 0) problems.push(`route "${route}" has no handler`);
    else if (mine.length > 1) problems.push(`route "${route}" has ${mine.length} handlers (${mine.map((m) => m.name).join(', ')})`);
    else table.set(route, mine[0].handler);
  }
  for (const f of found) {
    if (!(ROUTES as readonly string[]).includes(f.route)) problems.push(`${f.name} handles "${f.route}", which is not a route of the contract`);
  }
  if (problems.length) throw new Error(`The pipeline's route handlers are wrong: ${problems.join('; ')}.`);
  return table;
}

/** Finds the `@PipelineRouteHandler` providers at boot and checks the table. */
@Injectable()
export class RouteRegistry implements OnModuleInit {
  private table: Map<Route, RouteHandler> | null = null;

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    const found: RegisteredHandler[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      const route = routeOf(wrapper.metatype);
      if (!route || !wrapper.instance) continue;
      found.push({ route, name: (wrapper.metatype as { name: string }).name, handler: wrapper.instance as RouteHandler });
    }
    this.table = buildRouteTable(found);
  }

  handlerFor(route: Route): RouteHandler {
    const handler = this.table?.get(route);
    if (!handler) throw new Error(`no handler for route ${route}`);
    return handler;
  }
}
