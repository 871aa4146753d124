import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import { renderWithApp } from '../test/render';
import { AppErrorBoundary } from './AppErrorBoundary';

function Broken(): never {
  throw new Error('chunk failed to load');
}

afterEach(() => {
  jest.restoreAllMocks();
});

describe('AppErrorBoundary', () => {
  it('shows the system error page instead of a blank screen', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);

    renderWithApp(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );

    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('System Error');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/auth/me');
  });
});
