/**
 * The HTTP contract (`@app/contracts/http`): every operation of the gateway declared once, as a
 * route value (`defineRoute`) naming its access rule, its query, body and result classes. The
 * gateway's `@Operation(route)` and the web app's `api.call(route, …)` both take it. See
 * docs/http-operations.md.
 *
 * The web app imports this entry too: its build resolves class-validator, class-transformer,
 * @nestjs/swagger and reflect-metadata to no-op shims (web/vite/contract-shims.ts), so the
 * classes arrive without their decorators' libraries.
 */
import { OrderEventsRoutes, OrdersRoutes, QaWorkspaceRoutes, TagsRoutes } from './routes/orders.routes';
// style guides, their configurations and media, the catalogue; sign-in
import { AuthRoutes } from './routes/auth.routes';
import { AnglesRoutes, CarTypesRoutes, ConfigurationsRoutes, MediaRoutes, StyleGuidesRoutes } from './routes/style-guides.routes';

export * from './define-route';
export * from './fields';
export * from './schemas/orders.schemas';
export * from './schemas/qa-workspace.schemas';
export * from './routes/orders.routes';
// style guides, their configurations and media, the catalogue; sign-in
export * from './schemas/style-guides.schemas';
export * from './routes/style-guides.routes';
export * from './schemas/auth.schemas';
export * from './routes/auth.routes';

/** Every converted area's routes: `Routes.orders.get`. An area not yet converted declares its routes in its gateway controller. */
export const Routes = {
  orders: OrdersRoutes,
  orderEvents: OrderEventsRoutes,
  tags: TagsRoutes,
  qaWorkspace: QaWorkspaceRoutes,
  // style guides, their configurations and media, the catalogue; sign-in
  styleGuides: StyleGuidesRoutes,
  configurations: ConfigurationsRoutes,
  angles: AnglesRoutes,
  carTypes: CarTypesRoutes,
  media: MediaRoutes,
  auth: AuthRoutes,
};
