import { Metrics, readSample } from '@app/ops';
import { Controller, Get, Module, NotFoundException, Param, Post, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { randomUUID } from 'node:crypto';
import supertest from 'supertest';
import { httpMetricsMiddleware, routeLabel } from './http-metrics';

@Controller('orders')
class OrdersTestController {
  @Get(':id')
  get(@Param('id') id: string) {
    if (id.startsWith('0')) throw new NotFoundException('Order not found');
    return { id };
  }

  @Post(':id/images/:position')
  add() {
    throw new Error('boom');
  }
}

@Module({ controllers: [OrdersTestController] })
class TestModule {}

/** The route label has as many values as the API has routes, whatever ids and paths callers send. */
describe('HTTP metrics by route template', () => {
  let app: INestApplication;
  let metrics: Metrics;

  beforeAll(async () => {
    metrics = new Metrics('gateway', { defaultMetrics: false });
    app = await NestFactory.create(TestModule, { logger: false });
    app.use(httpMetricsMiddleware(metrics));
    app.setGlobalPrefix('api');
    await app.init();
  });

  afterAll(() => app.close());

  it('labels 60 requests for 20 different ids, unknown paths and web files with 5 series, none holding an id', async () => {
    const http = supertest(app.getHttpServer());
    const ids = Array.from({ length: 20 }, () => randomUUID().replace(/^./, 'a'));
    for (const id of ids) await http.get(`/api/orders/${id}?page=${id}`).expect(200);
    for (let i = 0; i < 10; i++) await http.get(`/api/orders/0${i}`).expect(404);
    for (let i = 0; i < 10; i++) await http.post(`/api/orders/${ids[i]}/images/${i}`).expect(500);
    for (let i = 0; i < 10; i++) await http.get(`/api/unknown/${ids[i]}`).expect(404);
    for (let i = 0; i < 10; i++) await http.get(`/assets/app-${i}.js`).expect(404);

    const text = await metrics.text();
    const series = text.split('\n').filter((l) => l.startsWith('dealer_http_request_duration_seconds_count'));
    expect(series).toHaveLength(5);
    const count = (method: string, route: string, status_class: string) =>
      readSample(text, 'dealer_http_request_duration_seconds_count', { method, route, status_class });
    expect([
      count('GET', '/api/orders/:id', '2xx'),
      count('GET', '/api/orders/:id', '4xx'),
      count('POST', '/api/orders/:id/images/:position', '5xx'),
      count('GET', '(unmatched)', '4xx'),
      count('GET', '(web)', '4xx'),
    ]).toEqual([20, 10, 10, 10, 10]);
    for (const id of ids) expect(text).not.toContain(id);
    expect(text).not.toContain('unknown');
  });

  it('never takes the label from the URL when no route matched', () => {
    expect(routeLabel({ route: undefined, baseUrl: '', originalUrl: '/api/orders/123?x=1' })).toBe('(unmatched)');
    expect(routeLabel({ route: undefined, baseUrl: '', originalUrl: '/api' })).toBe('(unmatched)');
    expect(routeLabel({ route: undefined, baseUrl: '', originalUrl: '/apix/1' })).toBe('(web)');
    expect(routeLabel({ route: { path: '/api/orders/:id' }, baseUrl: '', originalUrl: '/api/orders/123' })).toBe('/api/orders/:id');
  });
});
