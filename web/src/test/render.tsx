import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { ApiBridge } from '../app/ApiBridge';
import { AppProviders } from '../app/AppProviders';
import { AppRoutes } from '../app/AppRoutes';
import { Toaster } from '../components/toast/Toaster';

/** A fresh cache per test, no retries, so failures show at once. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

/** Renders `ui` inside the app's providers and a router positioned at `route`. */
export function renderWithApp(ui: ReactElement, { route = '/' }: { route?: string } = {}): RenderResult {
  return render(
    <AppProviders queryClient={testQueryClient()}>
      <MemoryRouter initialEntries={[route]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
      <Toaster />
    </AppProviders>,
  );
}

/** Shows where the router is, for assertions: `screen.getByTestId('location')`. */
export function LocationProbe() {
  const location = useLocation();
  return <span hidden data-testid="location">{`${location.pathname}${location.search}`}</span>;
}

/** The whole app (routes, session handling, toasts) in a memory router at `route`. */
export function renderAppAt(route: string, { queryClient = testQueryClient() }: { queryClient?: QueryClient } = {}): RenderResult {
  return render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <ApiBridge />
        <AppRoutes />
        <LocationProbe />
      </MemoryRouter>
      <Toaster />
    </AppProviders>,
  );
}

interface FakeResponseInit {
  status?: number;
  statusText?: string;
  contentType?: string;
  /** more headers of the answer (`{ 'Retry-After': '2' }`) */
  headers?: Record<string, string>;
}

/**
 * The part of `Response` the API client reads. jsdom has no fetch API, so tests stub
 * `window.fetch` with this.
 */
export function fakeResponse(body: unknown, { status = 200, statusText = '', contentType = 'application/json', headers = {} }: FakeResponseInit = {}): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const named = new Map(Object.entries({ ...headers, 'content-type': contentType }).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    headers: { get: (name: string) => named.get(name.toLowerCase()) ?? null },
    text: async () => text,
  } as unknown as Response;
}
