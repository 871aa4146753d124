import type { PipelineFailureCode, Route } from '@app/contracts';
import { Injectable } from '@nestjs/common';
import type { Raster } from '../imaging/raster';
import type { JobContext } from './job-context';

const ROUTE_METADATA = 'pipeline:route';

/**
 * What a route handler answers, explicitly: the finished picture at the style guide's size
 * (encoding, thumbnail and storage are the same for every route and done by the runner), or
 * a failure with its reason.
 */
export type RouteOutcome =
  | { status: 'rendered'; image: Raster }
  | { status: 'failed'; code: PipelineFailureCode; reason: string };

export interface RouteHandler {
  /** the route's steps in order, as docs/pipeline.md names them (the context times each one) */
  readonly steps: readonly string[];
  run(ctx: JobContext): Promise<RouteOutcome>;
}

/**
 * Registers a class as the handler of a route. At boot the route registry checks that every
 * route has exactly one handler; a route with none or with two refuses to start the service.
 */
export function PipelineRouteHandler(route: Route): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(ROUTE_METADATA, route, target);
    Injectable()(target);
  };
}

export function routeOf(target: unknown): Route | undefined {
  if (typeof target !== 'function') return undefined;
  return Reflect.getMetadata(ROUTE_METADATA, target) as Route | undefined;
}
