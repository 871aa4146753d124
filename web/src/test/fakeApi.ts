import { jest } from '@jest/globals';
import { DEFAULT_OUTPUT_RULES } from '@app/contracts/wire';
import type {
  ConfigurationView,
  DealershipOrderStatisticsView,
  ImageView,
  IntegrationView,
  MeView,
  OrdersByDealershipView,
  OrdersPerSalesManView,
  OrdersPerStyleGuideView,
  OrderView,
  UserView,
} from '@app/contracts/wire';
import { ApiError } from '../api/client';
import { fakeResponse } from './render';

export interface FakeRequest {
  method: string;
  /** path after /api, without the query */
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

/** The `ApiError` a call fails with; anything else thrown, or no failure at all, fails the test. */
export async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

export type FakeHandler = (request: FakeRequest) => Response | Promise<Response>;

/** JSON answer with a status (the gateway's error bodies are `{ statusCode, message }`). */
export const reply = (status: number, body: unknown = {}) => fakeResponse(body, { status });
export const fail = (status: number, message: string) => fakeResponse({ statusCode: status, message }, { status });

/**
 * Stands in for the gateway: `window.fetch` answers by "METHOD /path" (path after /api).
 * Unknown routes answer 404. Every request is recorded.
 */
export function fakeApi(handlers: Record<string, FakeHandler>) {
  const requests: FakeRequest[] = [];
  const fetchMock = jest.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const request: FakeRequest = {
      method: init?.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    requests.push(request);
    const handler = handlers[`${request.method} ${request.path}`];
    return handler ? handler(request) : fail(404, `no fake for ${request.method} ${request.path}`);
  });
  window.fetch = fetchMock;
  return {
    fetch: fetchMock,
    requests,
    /** requests to one route */
    to: (route: string) => requests.filter((r) => `${r.method} ${r.path}` === route),
  };
}

export function testUser(overrides: Partial<MeView> = {}): MeView {
  return {
    id: '00000000-0000-4000-8000-000000000004',
    displayName: 'Nordic Auto Demo',
    email: 'dealer@demo.test',
    language: 'en',
    userRole: 'Dealership',
    roleTags: [],
    permissions: ['CREATE_ORDERS'],
    address: { country: 'Denmark', city: 'Odense', postalCode: '5000', address: 'Havnegade 1', companyId: 'DK12345678' },
    contactPerson: { name: 'Nora Nielsen', email: 'nora@nordic.test', phoneNumber: '+45 20 30 40 50', title: 'Owner' },
    currency: 'DKK',
    subscriptionPrice: null,
    mobileAppAccess: true,
    minimumZoomValue: 1,
    enabled_qa: true,
    desaturateYellowLight: false,
    editedImageLabel: false,
    keepOriginalMetadata: false,
    userStatus: 'CONFIRMED',
    loginActivated: true,
    childAccounts: [],
    last_order_date: null,
    days_since_last_order: null,
    createdAt: '2026-01-05T08:00:00.000Z',
    updatedAt: '2026-01-05T08:00:00.000Z',
    loggedInSalesPersonInfo: null,
    ...overrides,
  };
}

/** An order as `GET /orders/{id}` answers it: a processed order of the demo dealership in the QA stage. */
export function testOrder(overrides: Partial<OrderView> = {}): OrderView {
  return {
    id: '44444444-4444-4444-8444-444444444444',
    orderName: 'VW Golf 8',
    note: 'Keep the plate visible',
    status: 'QA stage',
    QAstatus: 'Waiting For QA',
    user: { id: 'u1', displayName: 'Nordic Auto Demo', userName: 'dealer@demo.test' },
    createdBy: { id: 'u1', displayName: 'Nordic Auto Demo', role: 'Account' },
    impersonatedBy: null,
    salesMan: { id: 's1', name: 'Anna Sales' },
    styleGuide: { id: 'g1', name: 'Nordic Studio' },
    carType: null,
    deviceInformation: { platform: 'android', userAgent: null, model: 'Pixel 8', osVersion: '15' },
    appVersion: '2.4.1',
    takenImagesCount: 3,
    imageCount: 3,
    uploadedImagesCount: 3,
    processedImagesCount: 3,
    failedImagesCount: 0,
    videoCount: 0,
    tags: [],
    assignedEditor: null,
    approvedCount: 3,
    needsEditionCount: 0,
    reEditOpenCount: 0,
    reEditDueAt: null,
    qaStageSince: null,
    timeToReadyToDownload: null,
    timeToCompleted: null,
    delivery: null,
    createdAt: '2026-05-01T09:00:00.000Z',
    updatedAt: '2026-05-01T09:10:00.000Z',
    ...overrides,
  };
}

/** A picture of an order as `GET /images/order/{id}` answers it: processed, waiting for QA, at `position` of `testOrder()`. */
export function testImage(position: number, overrides: Partial<ImageView> = {}): ImageView {
  return {
    id: `img-${position}`,
    orderId: testOrder().id,
    position,
    mediaOrigin: 'original',
    types: ['optimized', 'AI'],
    optimisedVia: 'full',
    optimisationStatus: 'completed',
    label: 'waiting for QA',
    failureReason: null,
    approved: false,
    needsEdition: false,
    url: `http://storage.test/${position}.jpg`,
    thumbnailUrl: `http://storage.test/${position}-thumb.jpg`,
    originalUrl: `http://storage.test/${position}-original.jpg`,
    width: 1920,
    height: 1440,
    fileSize: 1000,
    sensorData: null,
    expectedAngle: null,
    detectedAngle: null,
    numberPlates: null,
    createdAt: '2026-05-01T09:00:00.000Z',
    updatedAt: '2026-05-01T09:00:00.000Z',
    ...overrides,
  };
}

/** An IMAGE position of a style guide as the guide's `configurations` list it: routed to `full`, on the exterior angle "Angle {position}", nothing of its own. */
export function testConfiguration(position: number, overrides: Partial<ConfigurationView> = {}): ConfigurationView {
  return {
    id: `c${position}`,
    styleGuideId: 'g1',
    position,
    margins: '{"top":10,"right":5,"bottom":4,"left":5}',
    routeTo: 'full',
    type: 'IMAGE',
    withLogo: true,
    horizonLineHeight: 50,
    afterFrameFree: false,
    positionAfterFrameFree: null,
    optional: false,
    angle: { id: `a${position}`, name: `Angle ${position}`, category: 'exterior', defaultAngleOverlay: null },
    customAngleOverlay: null,
    customFrameOverlay: null,
    customBackground: null,
    customLogo: null,
    customFloor: null,
    featuredImage: null,
    ...overrides,
  };
}

/** A delivery integration of the account `u1` as `GET /users/{id}/integrations` lists it: an active FTP server, no credentials, the default output. */
export function testIntegration(overrides: Partial<IntegrationView> = {}): IntegrationView {
  return {
    id: 'i-GENERIC_FTP',
    userId: 'u1',
    provider: 'GENERIC_FTP',
    label: 'FTP server',
    integrationType: 'FTP',
    isActive: true,
    autoDeliver: false,
    Username: null,
    hasPassword: false,
    settings: {},
    storedSecrets: [],
    outputRules: DEFAULT_OUTPUT_RULES,
    createdAt: '2026-05-01T09:00:00.000Z',
    updatedAt: '2026-05-01T09:00:00.000Z',
    ...overrides,
  };
}

/** An order of `testOrder()` made on the web and delivered: approved, ready to download, no note, no app. */
export function testDeliveredOrder(overrides: Partial<OrderView> = {}): OrderView {
  return testOrder({
    orderName: 'Audi A4 Avant',
    note: null,
    status: 'Ready to download',
    QAstatus: 'Approved',
    deviceInformation: { platform: 'web', userAgent: null, model: null, osVersion: null },
    appVersion: null,
    ...overrides,
  });
}

// ---------------------------------------------------------------------------------------
// dashboards

/** A day after now: when a fixture answer of the statistics service expires. */
export const tomorrow = () => new Date(Date.now() + 24 * 3600 * 1000).toISOString();

/** The 12 months of 2026, as the year's buckets. */
export const MONTHS_2026 = Array.from({ length: 12 }, (_, m) => new Date(Date.UTC(2026, m, 1)).toISOString());

/** `GET /dashboard/getDealershipOrderStatistics/{id}` of this year: 83 cars, 2.4 a day against 2.0 before (+20 %), 6 this week, 14 the best. */
export function dealershipOrdersFixture(overrides: Partial<DealershipOrderStatisticsView> = {}): DealershipOrderStatisticsView {
  const counts = [3, 5, 8, 0, 12, 17, 9, 4, 6, 10, 7, 2];
  return {
    rows: MONTHS_2026.map((period, i) => ({ period, count: counts[i]! })),
    total: 83,
    average: 2.4,
    previousAverage: 2,
    currentWeek: 6,
    bestWeek: 14,
    expires: tomorrow(),
    ...overrides,
  };
}

export function ordersPerSalesManFixture(overrides: Partial<OrdersPerSalesManView> = {}): OrdersPerSalesManView {
  return {
    rows: [
      { salesManId: 's1', salesMan_name: 'Anna Sales', totalorders: 30 },
      { salesManId: 's2', salesMan_name: 'Bo Berg', totalorders: 20 },
      { salesManId: null, salesMan_name: '', totalorders: 10 },
    ],
    expires: tomorrow(),
    ...overrides,
  };
}

export function ordersByDealershipFixture(overrides: Partial<OrdersByDealershipView> = {}): OrdersByDealershipView {
  return {
    rows: [
      { userId: 'd1', user_displayName: 'Nordic Auto Demo', totalorders: 41 },
      { userId: 'd2', user_displayName: 'Budapest Cars Demo', totalorders: 23 },
    ],
    expires: tomorrow(),
    ...overrides,
  };
}

export function ordersPerStyleGuideFixture(overrides: Partial<OrdersPerStyleGuideView> = {}): OrdersPerStyleGuideView {
  return {
    rows: [
      { styleGuideId: 'g1', style_guide_name: 'Nordic Studio', total_orders: 50 },
      { styleGuideId: 'g2', style_guide_name: 'Winter Showroom', total_orders: 14 },
    ],
    expires: tomorrow(),
    ...overrides,
  };
}

/** A child account of a management account, as `GET /users/get-child-accounts-data-by-user-id/{id}` lists it. */
export function childAccount(id: string, displayName: string): UserView {
  const { loggedInSalesPersonInfo: _ignored, ...view } = testUser({ id, displayName, email: `${id}@demo.test` });
  return view;
}

/**
 * The dashboard routes of one account (a dealership, or a management account with `children`),
 * answered with the fixtures above; `more` adds or replaces routes.
 */
export function dashboardRoutes(accountId: string, { children = [] as UserView[], more = {} as Record<string, FakeHandler> } = {}): Record<string, FakeHandler> {
  const routes: Record<string, FakeHandler> = {
    [`GET /dashboard/getDealershipOrderStatistics/${accountId}`]: () => reply(200, dealershipOrdersFixture()),
    [`GET /dashboard/getOrdersPerSalesMan/${accountId}`]: () => reply(200, ordersPerSalesManFixture()),
    [`GET /dashboard/get-orders-by-dealership/${accountId}`]: () => reply(200, ordersByDealershipFixture()),
    [`GET /dashboard/get-amount-of-orders-per-styleguide-from-child-accounts/${accountId}`]: () => reply(200, ordersPerStyleGuideFixture()),
    [`GET /users/get-child-accounts-data-by-user-id/${accountId}`]: () => reply(200, children),
    [`GET /dashboard/userStatistics/${accountId}`]: () => reply(200, { ordersCount: 83, salesManCount: 2 }),
  };
  children.forEach((child, i) => {
    routes[`GET /dashboard/userStatistics/${child.id}`] = () => reply(200, { ordersCount: 10 * (i + 1), salesManCount: i + 2 });
  });
  return { ...routes, ...more };
}

// ---------------------------------------------------------------------------------------
// The admin dashboard's answers (`/dashboard/*` of the admin and QA sections), as the
// statistics service gives them for a clock at 2026-11-25.

const FAR = '2099-01-01T00:00:00.000Z';
const dayIso = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d)).toISOString();

/** The data behind `dashboardAdminFixtures`, for assertions. */
export const dashboardAdminData = {
  ordersPerMonth: {
    expires: FAR,
    rows: [12, 18, 25, 31, 22, 40, 35, 28, 44, 51, 38, 0].map((count, i) => ({ period: dayIso(2026, i + 1, 1), count })),
    total: 344,
    average: 1.6,
    previousAverage: 1.2,
  },
  ordersThisMonth: { expires: FAR, rows: [], total: 38, average: 1.6, previousAverage: 1.2 },
  imagesPerMonth: {
    expires: FAR,
    rows: [130, 190, 270, 330, 240, 420, 380, 300, 470, 560, 410, 0].map((count, i) => ({ period: dayIso(2026, i + 1, 1), count })),
    total: 3700,
    average: 17.5,
    previousAverage: 17.5,
  },
  ordersPerStyleGuide: {
    expires: FAR,
    rows: [
      { styleGuideId: 'g1', style_guide_name: 'Nordic Studio', total_orders: 120 },
      { styleGuideId: 'g2', style_guide_name: 'Budapest Showroom, white', total_orders: 64 },
    ],
  },
  devices: { expires: FAR, mobile: 120, webApp: 45 },
  appVersions: {
    expires: FAR,
    rows: [
      { appVersion: '2.4.1', count: 70 },
      { appVersion: '2.3.0', count: 35 },
      { appVersion: '2.2.5', count: 15 },
    ],
  },
  averageImagesPerCar: { expires: FAR, avg: 11.46, averageImagesPerDay: 96 },
  ordersByStatus: {
    expires: FAR,
    rows: [23, 24, 25, 26, 27, 28, 29].map((d, i) => ({ period: dayIso(2026, 11, d), uploading: i % 2, inProgress: 2, qaStage: 3 + i, finished: 10 + i })),
    uploading: 3,
    inProgress: 14,
    qaStage: 42,
    finished: 91,
  },
  orderTimeline: {
    expires: FAR,
    rows: Array.from({ length: 14 }, (_, i) => ({
      period: dayIso(2026, 11, 12 + i),
      averageUploadMinutes: 4 + i,
      averageInProgressMinutes: 12,
      averageQaStageMinutes: i === 13 ? null : 90 + 10 * i,
      averageDeliveryMinutes: i === 13 ? null : 30,
      totalOrders: 10 + i,
    })),
  },
  flawlessOrders: { expires: FAR, totalFlawlessOrders: 64, totalOrdersWithFlaws: 18 },
  qaServiceLevels: {
    expires: FAR,
    rows: Array.from({ length: 12 }, (_, i) => ({
      week: dayIso(2026, 9, 7 + 7 * i),
      orders: 40 + i,
      medianMinutes: 300 + 10 * i,
      p90Minutes: 1200 + 30 * i,
      withinPromise: 0.8 + i / 100,
    })),
  },
  rejectionReasons: [
    { styleGuideId: 'g1', styleGuideName: 'Nordic Studio', source: 'dealership', reason: 'background', count: 7 },
    { styleGuideId: 'g1', styleGuideName: 'Nordic Studio', source: 'dealership', reason: 'wrong-angle', count: 3 },
    { styleGuideId: 'g2', styleGuideName: 'Budapest Showroom, white', source: 'dealership', reason: 'reflections', count: 2 },
    { styleGuideId: 'g1', styleGuideName: 'Nordic Studio', source: 'qa', reason: 'Dirty floor', count: 5 },
  ],
};

/** Inactive accounts: 23 for 14 days, 12 for 20, none for 30; 10 a page. */
export function dashboardInactiveUsers(days: number, page: number) {
  const count = days === 14 ? 23 : days === 20 ? 12 : 0;
  const results = Array.from({ length: count }, (_, i) => ({
    userId: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
    displayName: `Dealer ${i + 1}`,
    email: `dealer${i + 1}@demo.test`,
    userRole: 'Dealership',
    lastSignInAt: i === 0 ? null : '2026-10-01T08:00:00.000Z',
    lastOrderAt: '2026-09-15T10:30:00.000Z',
  })).slice((page - 1) * 10, page * 10);
  return { expires: FAR, results, count };
}

/** One month's images-per-order steps: `scale` orders in the 0 % step, fewer after. */
export function dashboardImageRatio(month: string, scale: number) {
  const rows = Array.from({ length: 10 }, (_, i) => ({ percentage: i * 10, total_orders: Math.max(0, scale - i * 3) }));
  const total = rows.reduce((s, r) => s + r.total_orders, 0);
  return { expires: FAR, month, rows, ordersWithImages: total - rows[0]!.total_orders, total_orders: total };
}

const QA_USERS = (frame: string) => [
  { userId: 'e1', user_displayName: 'Edith Editor', role: 'QA_EDITOR', totalorders: frame === 'last' ? 30 : 21 },
  { userId: 'e2', user_displayName: 'Eric Editor', role: 'QA_EDITOR', totalorders: frame === 'last' ? 12 : 17 },
  { userId: 'c1', user_displayName: 'Cora Coordinator', role: 'QA_COORDINATOR', totalorders: frame === 'last' ? 40 : 33 },
];

/** Handlers for every route of the admin dashboard (`adminId`: the signed-in admin, whose style-guide counts are asked). */
export function dashboardAdminFixtures(adminId: string): Record<string, FakeHandler> {
  const d = dashboardAdminData;
  const ok = (body: unknown) => fakeResponse(body);
  return {
    'GET /dashboard/getOrderStatisticsPerMonth': (r) => ok(r.query.get('timePeriod') === 'month' ? d.ordersThisMonth : d.ordersPerMonth),
    'GET /dashboard/getImageStatisticsPerMonthTotal': () => ok(d.imagesPerMonth),
    [`GET /dashboard/get-amount-of-orders-per-styleguide-from-child-accounts/${adminId}`]: () => ok(d.ordersPerStyleGuide),
    'GET /dashboard/get-device-statistics': () => ok(d.devices),
    'GET /dashboard/get-appVersion-statistics': () => ok(d.appVersions),
    'GET /dashboard/get-average-images-per-car': () => ok(d.averageImagesPerCar),
    'GET /dashboard/get-total-orders-by-status': () => ok(d.ordersByStatus),
    'GET /dashboard/get-order-timeline-data': () => ok(d.orderTimeline),
    'GET /dashboard/get-inactive-users': (r) => ok(dashboardInactiveUsers(Number(r.query.get('timeFrame') ?? 14), Number(r.query.get('page') ?? 1))),
    'GET /dashboard/get-repushed-images-statistics': (r) => ok(dashboardImageRatio(r.query.get('timeStamp') ?? '2026-10', 20)),
    'GET /dashboard/get-edited-images-statistics': (r) => ok(dashboardImageRatio(r.query.get('timeStamp') ?? '2026-10', 30)),
    'GET /dashboard/getQAActivitiesByTimePeriod': (r) => {
      const frame = r.query.get('timeFrame') ?? 'current';
      return ok({ expires: FAR, users: QA_USERS(frame), tags: [], averageMinutesPerOrder: frame === 'last' ? 80 : 95 });
    },
    'GET /dashboard/get-statistics-total-events-last-30-days': (r) => {
      const eventName = r.query.get('eventName') ?? 'IMAGE_REPUSHED';
      const base = { IMAGE_APPROVED: 40, IMAGE_DECLINED: 6, RE_EDIT_REQUESTED: 3, DELIVERED: 12, QA_UPLOADED_PICTURE: 5, IMAGE_REPUSHED: 8 }[eventName] ?? 1;
      const rows = Array.from({ length: 30 }, (_, i) => ({ day: dayIso(2026, 10, 27 + i), total_events: (base + i) % (base + 3) }));
      const total = rows.reduce((s, row) => s + row.total_events, 0);
      return ok({ expires: FAR, eventName, rows, total, average: Math.round((total / 30) * 10) / 10, previousAverage: base / 2 });
    },
    'GET /dashboard/get-amount-of-flawless-orders': () => ok(d.flawlessOrders),
    'GET /dashboard/get-qa-service-levels': () => ok(d.qaServiceLevels),
    'GET /dashboard/rejection-reasons': () => ok(d.rejectionReasons),
  };
}
