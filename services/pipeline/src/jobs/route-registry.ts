import { ROUTES, type Route } from '@app/contracts';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { RouteRunner, type RouteHandler } from '../routes/route-runner';
import { PIPELINE_ROUTES, routeTableProblems, type RouteTable } from '../routes/route-table';

/**
 * Every route of the contract, ready to run through the one runner. Throws, naming the
 * routes, when the table is wrong (a route without steps, say): the service then refuses to
 * start rather than fail each job of that route.
 */
export function buildRouteHandlers(table: RouteTable, runner: RouteRunner): Map<Route, RouteHandler> {
  const problems = routeTableProblems(table);
  if (problems.length) throw new Error(`The pipeline's route table is wrong: ${problems.join('; ')}.`);
  return new Map(ROUTES.map((route): [Route, RouteHandler] => {
    const steps = table[route];
    return [route, { steps, run: (ctx) => runner.run(steps, ctx) }];
  }));
}

/** The route table, checked at boot, and each route's handler for the job runner. */
@Injectable()
export class RouteRegistry implements OnModuleInit {
  private handlers: Map<Route, RouteHandler> | null = null;

  constructor(
    @Inject(PIPELINE_ROUTES) private readonly table: RouteTable,
    private readonly runner: RouteRunner,
  ) {}

  onModuleInit(): void {
    this.handlers = buildRouteHandlers(this.table, this.runner);
  }

  handlerFor(route: Route): RouteHandler {
    const handler = this.handlers?.get(route);
    if (!handler) throw new Error(`no handler for route ${route}`);
    return handler;
  }
}
