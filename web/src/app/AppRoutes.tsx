import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Splash } from '../components/Splash';
import { HomeRedirect, RequireAccess, RequireSignedIn, SignedOutOnly } from './guards';
import { SCREENS, type ScreenDef, type ScreenId } from './screens';

/* One lazy chunk per feature folder, so the first page only loads what it shows. */
const LoginPage = lazy(() => import('../features/auth/LoginPage').then((m) => ({ default: m.LoginPage })));
const ForgotPasswordPage = lazy(() => import('../features/auth/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })));
const LogoutPage = lazy(() => import('../features/auth/LogoutPage').then((m) => ({ default: m.LogoutPage })));
const AccountPage = lazy(() => import('../features/account/AccountPage').then((m) => ({ default: m.AccountPage })));
const StatusPage = lazy(() => import('../features/status/StatusPage').then((m) => ({ default: m.StatusPage })));
const ErrorRoute = lazy(() => import('../features/errors/ErrorRoute').then((m) => ({ default: m.ErrorRoute })));
const NotFoundPage = lazy(() => import('../features/errors/ErrorRoute').then((m) => ({ default: m.NotFoundPage })));
const OrdersPage = lazy(() => import('../features/orders/OrdersPage').then((m) => ({ default: m.OrdersPage })));
const CreateOrderPage = lazy(() => import('../features/create-order/CreateOrderPage').then((m) => ({ default: m.CreateOrderPage })));
const SalesPeoplePage = lazy(() => import('../features/sales-people/SalesPeoplePage').then((m) => ({ default: m.SalesPeoplePage })));
const OrderDetailPage = lazy(() => import('../features/order-detail/OrderDetailPage').then((m) => ({ default: m.OrderDetailPage })));
const dashboard = () => import('../features/dashboard');
const DashboardPage = lazy(() => dashboard().then((m) => ({ default: m.DashboardPage })));
const admin = () => import('../features/admin');
const AdminRedirect = lazy(() => admin().then((m) => ({ default: m.AdminRedirect })));
const StyleGuidesScreen = lazy(() => admin().then((m) => ({ default: m.StyleGuidesScreen })));
const StyleGuideBuilderPage = lazy(() => admin().then((m) => ({ default: m.StyleGuideBuilderPage })));
const AnglesScreen = lazy(() => admin().then((m) => ({ default: m.AnglesScreen })));
const CarTypesScreen = lazy(() => admin().then((m) => ({ default: m.CarTypesScreen })));
const TagsScreen = lazy(() => admin().then((m) => ({ default: m.TagsScreen })));
const BannersScreen = lazy(() => admin().then((m) => ({ default: m.BannersScreen })));
const AppVersionsScreen = lazy(() => admin().then((m) => ({ default: m.AppVersionsScreen })));
const AppSettingsScreen = lazy(() => admin().then((m) => ({ default: m.AppSettingsScreen })));
const DeliveryQueueScreen = lazy(() => admin().then((m) => ({ default: m.DeliveryQueueScreen })));
const profile = () => import('../features/customers/profile');
const ProfileRedirect = lazy(() => profile().then((m) => ({ default: m.ProfileRedirect })));
const ProfileOrdersTab = lazy(() => profile().then((m) => ({ default: m.ProfileOrdersTab })));
const ProfileEventsTab = lazy(() => profile().then((m) => ({ default: m.ProfileEventsTab })));
/* The profile's statistics tab is the profile's layout around the dashboard's content: composed here, where both features may be imported. */
const ProfileStatisticsTab = lazy(() =>
  Promise.all([profile(), dashboard()]).then(([p, d]) => ({
    default: () => <p.ProfileStatisticsTab content={(account) => <d.AccountStatistics account={account} />} />,
  })),
);
const ProfileSettingsTab = lazy(() => profile().then((m) => ({ default: m.ProfileSettingsTab })));
const ProfileIntegrationsTab = lazy(() => profile().then((m) => ({ default: m.ProfileIntegrationsTab })));
const ProfileStyleGuidesTab = lazy(() => profile().then((m) => ({ default: m.ProfileStyleGuidesTab })));
const ProfileChildAccountsTab = lazy(() => profile().then((m) => ({ default: m.ProfileChildAccountsTab })));
const ProfilePermissionsTab = lazy(() => profile().then((m) => ({ default: m.ProfilePermissionsTab })));
/* The signed-in layout (header, menu, footer) is its own chunk: the sign-in page does not need it. */
const customers = () => import('../features/customers');
const CustomersPage = lazy(() => customers().then((m) => ({ default: m.CustomersPage })));
const AccountFormPage = lazy(() => customers().then((m) => ({ default: m.AccountFormPage })));
const QaWorkspacePage = lazy(() => import('../features/qa-workspace/QaWorkspacePage').then((m) => ({ default: m.QaWorkspacePage })));
const AppShell = lazy(() => import('./layout/AppShell').then((m) => ({ default: m.AppShell })));

/** The element of every registered screen; a row in screens.ts without one here does not compile. */
const ELEMENTS: Record<ScreenId, LazyExoticComponent<ComponentType>> = {
  login: LoginPage,
  forgotPassword: ForgotPasswordPage,
  logout: LogoutPage,
  account: AccountPage,
  accountSettings: AccountPage,
  status: StatusPage,
  dashboard: DashboardPage,
  orders: OrdersPage,
  ordersSuccess: OrdersPage,
  createOrder: CreateOrderPage,
  order: OrderDetailPage,
  orderSelect: OrderDetailPage,
  orderSelectImage: OrderDetailPage,
  orderVideos: OrderDetailPage,
  order360: OrderDetailPage,
  orderProgress: OrderDetailPage,
  editingImage: OrderDetailPage,
  salesPeople: SalesPeoplePage,
  salesPerson: SalesPeoplePage,
  admin: AdminRedirect,
  adminStyleGuides: StyleGuidesScreen,
  adminCarTypes: CarTypesScreen,
  adminCarType: CarTypesScreen,
  adminAngles: AnglesScreen,
  adminAngle: AnglesScreen,
  adminAppVersions: AppVersionsScreen,
  adminAppVersion: AppVersionsScreen,
  adminTags: TagsScreen,
  adminTag: TagsScreen,
  adminBanners: BannersScreen,
  adminBanner: BannersScreen,
  adminAppSettings: AppSettingsScreen,
  adminOrderDelivery: DeliveryQueueScreen,
  customers: CustomersPage,
  createAccount: AccountFormPage,
  customer: AccountFormPage,
  createStyleGuide: StyleGuideBuilderPage,
  styleGuide: StyleGuideBuilderPage,
  qaList: QaWorkspacePage,
  qaEditorList: QaWorkspacePage,
  profile: ProfileRedirect,
  profileOrders: ProfileOrdersTab,
  profileEvents: ProfileEventsTab,
  profileStatistics: ProfileStatisticsTab,
  profileSettings: ProfileSettingsTab,
  profileIntegrations: ProfileIntegrationsTab,
  profileStyleGuides: ProfileStyleGuidesTab,
  profileChildAccounts: ProfileChildAccountsTab,
  profilePermissions: ProfilePermissionsTab,
};

const screens = (Object.entries(SCREENS) as Array<[ScreenId, ScreenDef]>).map(([id, def]) => ({ id, ...def, Element: ELEMENTS[id] }));

/**
 * Redirects: signed out to /auth/login, signed in at / or /auth to the
 * landing screen; unknown paths render the 404 page in place (the address stays visible).
 */
export function AppRoutes() {
  return (
    <Suspense fallback={<Splash />}>
      <Routes>
        <Route index element={<HomeRedirect />} />
        <Route path="/auth/*" element={<HomeRedirect />} />
        {screens
          .filter((s) => s.access === 'signedOut')
          .map(({ id, path, Element }) => (
            <Route
              key={id}
              path={path}
              element={
                <SignedOutOnly>
                  <Element />
                </SignedOutOnly>
              }
            />
          ))}
        <Route
          element={
            <RequireSignedIn>
              <AppShell />
            </RequireSignedIn>
          }
        >
          {screens
            .filter((s) => s.access === 'signedIn')
            .map(({ id, path, requires, Element }) => (
              <Route
                key={id}
                path={path}
                element={
                  <RequireAccess requires={requires}>
                    <Element />
                  </RequireAccess>
                }
              />
            ))}
        </Route>
        {screens
          .filter((s) => s.access === 'public')
          .map(({ id, path, Element }) => (
            <Route key={id} path={path} element={<Element />} />
          ))}
        <Route path="/error/*" element={<ErrorRoute />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
