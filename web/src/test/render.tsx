import { QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../app/AppProviders';

/** A fresh cache per test, no retries, so failures show at once. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

/** Renders `ui` inside the app's providers and a router positioned at `route`. */
export function renderWithApp(ui: ReactElement, { route = '/' }: { route?: string } = {}): RenderResult {
  return render(
    <AppProviders queryClient={testQueryClient()}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
}

interface FakeResponseInit {
  status?: number;
  statusText?: string;
  contentType?: string;
}

/**
 * The part of `Response` the API client reads. jsdom has no fetch API, so tests stub
 * `window.fetch` with this.
 */
export function fakeResponse(body: unknown, { status = 200, statusText = '', contentType = 'application/json' }: FakeResponseInit = {}): Response {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? contentType : null) },
    text: async () => text,
  } as unknown as Response;
}
