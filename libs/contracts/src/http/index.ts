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
// accounts area
import { MobileRoutes } from './routes/mobile.routes';
import { AppSettingsRoutes, AppVersionsRoutes, BannersRoutes, IntegrationsRoutes, PermissionsRoutes, SalesPeopleRoutes, UsersRoutes } from './routes/users.routes';
// images area
import { ImagesRoutes, Media360Routes, ReEditRequestsRoutes, VideosRoutes } from './routes/images.routes';
import { DashboardRoutes } from './routes/dashboard.routes';
import { DeliveryMessagesRoutes, OrderDeliveryRoutes, RobotRoutes } from './routes/delivery.routes';
import { HealthRoutes } from './routes/health.routes';
// style guides, their configurations and media, the catalogue; sign-in
import { AuthRoutes } from './routes/auth.routes';
import { AnglesRoutes, CarTypesRoutes, ConfigurationsRoutes, MediaRoutes, StyleGuidesRoutes } from './routes/style-guides.routes';

export * from './define-route';
export * from './retry-policy';
export * from './fields';
export * from './schemas/orders.schemas';
export * from './schemas/qa-workspace.schemas';
export * from './routes/orders.routes';
// accounts area
export * from './schemas/users.schemas';
export * from './schemas/mobile.schemas';
export * from './routes/users.routes';
export * from './routes/mobile.routes';
// images area
export * from './schemas/images.schemas';
export * from './schemas/media360.schemas';
export * from './routes/images.routes';
export * from './schemas/dashboard.schemas';
export * from './schemas/delivery.schemas';
export * from './schemas/health.schemas';
export * from './routes/dashboard.routes';
export * from './routes/delivery.routes';
export * from './routes/health.routes';
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
  // accounts area
  users: UsersRoutes,
  salesPeople: SalesPeopleRoutes,
  permissions: PermissionsRoutes,
  integrations: IntegrationsRoutes,
  appSettings: AppSettingsRoutes,
  appVersions: AppVersionsRoutes,
  banners: BannersRoutes,
  mobile: MobileRoutes,
  // images area
  images: ImagesRoutes,
  reEditRequests: ReEditRequestsRoutes,
  videos: VideosRoutes,
  media360: Media360Routes,
  dashboard: DashboardRoutes,
  orderDelivery: OrderDeliveryRoutes,
  deliveryMessages: DeliveryMessagesRoutes,
  robot: RobotRoutes,
  health: HealthRoutes,
  // style guides, their configurations and media, the catalogue; sign-in
  styleGuides: StyleGuidesRoutes,
  configurations: ConfigurationsRoutes,
  angles: AnglesRoutes,
  carTypes: CarTypesRoutes,
  media: MediaRoutes,
  auth: AuthRoutes,
};
