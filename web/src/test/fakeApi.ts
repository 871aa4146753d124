import { jest } from '@jest/globals';
import type { MeView, OrderView } from '@app/contracts/wire';
import { fakeResponse } from './render';

export interface FakeRequest {
  method: string;
  /** path after /api, without the query */
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
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
