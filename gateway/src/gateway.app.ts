import { Metrics, METRICS_REGISTRY, OPS_SERVER, OpsServer, PROCESS_HEALTH, ProcessHealth, tracingStarted } from '@app/ops';
import { cacheValidationMetadata } from '@app/contracts';
import { createLogger, PinoNestLogger } from '@app/logging';
import { httpMetricsMiddleware } from './common/http-metrics';
import { Global, Module, type DynamicModule, type INestApplication, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import type { Request } from 'express';
import type { Server } from 'node:http';
import type { Logger } from 'pino';
import { answerClientErrorsAsJson } from './common/client-error';
import { compressAnswers } from './common/compress-answers';
import { HttpErrorFilter } from './common/http-error.filter';
import { refuseDeepJson } from './common/json-body';
import { requestIdMiddleware } from './common/request-id';
import { requestLogMiddleware } from './common/request-log';
import { originOf, securityHeaders } from './common/security-headers';
import { TraceRouteInterceptor } from './common/trace-route.interceptor';
import { createValidationPipe } from './common/validation';
import { GatewayConfig } from './gateway.config';
import { buildOpenApiDocument } from './openapi';
import { AuthModule } from './auth/auth.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { DeliveryModule } from './delivery/delivery.module';
import { HealthModule } from './health/health.module';
import { ImagesModule } from './images/images.module';
import { MobileModule } from './mobile/mobile.module';
import { NatsModule } from './messaging/nats.module';
import { OrdersModule } from './orders/orders.module';
import { StyleGuidesModule } from './style-guides/style-guides.module';
import { UsersModule } from './users/users.module';
import { serveWebApp } from './web-app';

export interface GatewayOptions {
  logger?: Logger;
  /** more modules to mount under /api (tests add test-only controllers this way) */
  modules?: Array<Type<unknown> | DynamicModule>;
  /** the process's operations port, where features register health and metrics routes (one of its own by default) */
  ops?: OpsServer;
  /** the process's metrics, served as `/metrics` on `ops` (one of its own by default) */
  metrics?: Metrics;
  /** the process's liveness and readiness (one of its own by default); the stop tells it first */
  health?: ProcessHealth;
}

/** The gateway's health (liveness and readiness) with the settings of its config. */
export function gatewayHealthOf(config: GatewayConfig): ProcessHealth {
  return new ProcessHealth({
    maxLoopLagMs: config.HEALTH_MAX_LOOP_LAG_MS ?? 2000,
    loopLagForMs: config.HEALTH_LOOP_LAG_FOR_MS ?? 30_000,
    checkTimeoutMs: config.HEALTH_CHECK_TIMEOUT_MS ?? 2000,
  });
}

/** The feature modules of the gateway: the HTTP side of each service's features. */
export function gatewayModules(): Array<new () => unknown> {
  return [HealthModule, AuthModule, UsersModule, StyleGuidesModule, OrdersModule, ImagesModule, MobileModule, DashboardModule, DeliveryModule];
}

/**
 * The only HTTP entry: REST under /api, validation, error mapping, request ids carried to
 * the services, OpenAPI at /api/docs, and (when WEB_DIST is set) the web app.
 */
export async function createGatewayApp(config: GatewayConfig, opts: GatewayOptions = {}): Promise<INestApplication> {
  const logger = opts.logger ?? createLogger('gateway', config.LOG_LEVEL);
  cacheValidationMetadata();

  const ops = opts.ops ?? new OpsServer();
  const metrics = opts.metrics ?? new Metrics('gateway');
  metrics.serveOn(ops);

  @Global()
  @Module({
    providers: [
      { provide: OPS_SERVER, useValue: ops },
      { provide: METRICS_REGISTRY, useValue: metrics },
      { provide: PROCESS_HEALTH, useValue: opts.health ?? gatewayHealthOf(config) },
    ],
    exports: [OPS_SERVER, METRICS_REGISTRY, PROCESS_HEALTH],
  })
  class OpsModule {}

  @Module({ imports: [OpsModule, NatsModule.forRoot(config, metrics), ...gatewayModules(), ...(opts.modules ?? [])] })
  class GatewayModule {}

  const app = await NestFactory.create<NestExpressApplication>(GatewayModule, {
    logger: new PinoNestLogger(logger),
    bodyParser: false,
  });
  answerClientErrorsAsJson(app.getHttpServer() as Server);
  app.disable('x-powered-by');
  // no ETag (a SHA-1 of every answer): the API's answers are not revalidated by clients, the
  // web app's files are served with their own caching (web-app.ts)
  app.set('etag', false);
  // the client's address is the connection's peer unless it is a proxy the operator names
  app.set('trust proxy', config.trustedProxies().length ? config.trustedProxies() : false);
  app.use(httpMetricsMiddleware(metrics));
  app.use(securityHeaders(config.mediaOrigins()));
  app.use(requestIdMiddleware);
  app.use(requestLogMiddleware(logger));
  // before every route and the web app's files: JSON above 1 KB leaves compressed; files the
  // build compressed go out as they are (their Content-Encoding is set), media never
  app.use(compressAnswers());
  app.useBodyParser('json', { limit: config.BODY_LIMIT, verify: refuseDeepJson });
  app.useBodyParser('urlencoded', { limit: config.BODY_LIMIT, extended: false });
  app.setGlobalPrefix('api');
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpErrorFilter(logger));
  // the route's name on the request's span: only with tracing on (an interceptor costs every request)
  if (tracingStarted()) app.useGlobalInterceptors(new TraceRouteInterceptor());
  // only configured origins get CORS headers (with credentials); any other gets none at all
  const corsOrigins = new Set(config.corsOrigins());
  app.enableCors((req: Request, cb) =>
    cb(null, corsOrigins.has(req.header('origin') ?? '') ? { origin: true, credentials: true, exposedHeaders: ['x-request-id'] } : { origin: false }),
  );

  const document = buildOpenApiDocument(app);
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/docs/openapi.json' });

  if (config.WEB_DIST && !serveWebApp(app, config.WEB_DIST)) {
    logger.warn({ WEB_DIST: config.WEB_DIST }, 'WEB_DIST has no index.html; the web app is not served');
  }
  return app;
}
