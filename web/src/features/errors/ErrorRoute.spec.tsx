import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { AppRoutes } from '../../app/AppRoutes';
import { fakeResponse, renderWithApp } from '../../test/render';
import { errorCodeFromPath } from './ErrorRoute';
import { expectVisible } from '../../test/visible';

afterEach(() => {
  jest.restoreAllMocks();
});

describe('error routes', () => {
  it.each([
    ['/error/404', 'Page Not Found'],
    ['/error/401', 'Permission Denied'],
    ['/error/500', 'System Error'],
    ['/error/418', 'System Error'],
    ['/error/anything/else', 'System Error'],
  ])('%s shows "%s"', async (route, title) => {
    renderWithApp(<AppRoutes />, { route });

    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title));
  });

  it('sends an unknown path to /error/404, the 404 page', async () => {
    renderWithApp(<AppRoutes />, { route: '/no/such/page' });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page Not Found'));
    expect(screen.getByTestId('location').textContent).toBe('/error/404');
  });

  it('offers a link home', async () => {
    renderWithApp(<AppRoutes />, { route: '/error/401' });

    const link = await screen.findByRole('link', { name: 'Go to the home page' });
    // the go-home link targets /auth/me, which sends each visitor on
    expect(link.getAttribute('href')).toBe('/auth/me');
    expectVisible(screen.getByText('You do not have permission to access this page.'));
  });

  it('maps paths to codes', () => {
    expect(errorCodeFromPath('404')).toBe(404);
    expect(errorCodeFromPath('404/')).toBe(404);
    expect(errorCodeFromPath('401')).toBe(401);
    expect(errorCodeFromPath('')).toBe(500);
    expect(errorCodeFromPath(undefined)).toBe(500);
  });

  it('keeps the status page reachable without signing in', async () => {
    window.fetch = jest.fn<typeof fetch>().mockResolvedValue(fakeResponse({ status: 'ok', services: {} }));

    renderWithApp(<AppRoutes />, { route: '/status' });

    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('System status'));
  });
});
