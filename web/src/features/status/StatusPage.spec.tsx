import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import { SERVICE_NAMES, type HealthResponse } from '../../api/health';
import { fakeResponse, renderWithApp } from '../../test/render';
import { StatusPage } from './StatusPage';

const fetchMock = jest.fn<typeof fetch>();

const allUp: HealthResponse = {
  status: 'ok',
  services: Object.fromEntries(SERVICE_NAMES.map((s) => [s, 'up'])),
};

function rowOf(service: string): HTMLElement {
  return screen.getByTestId(`service-${service}`);
}

beforeEach(() => {
  window.fetch = fetchMock;
});

afterEach(() => {
  fetchMock.mockReset();
  jest.useRealTimers();
});

describe('StatusPage', () => {
  it('asks the gateway for /api/health and shows every service up', async () => {
    fetchMock.mockResolvedValue(fakeResponse(allUp));

    renderWithApp(<StatusPage />);

    expect(await screen.findByText('All services are running')).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/health');
    for (const service of SERVICE_NAMES) {
      expect(within(rowOf(service)).getByText('Up')).toBeTruthy();
    }
    expect(screen.getByText('Image pipeline')).toBeTruthy();
    expect(screen.getByTestId('last-checked').textContent).toMatch(/^Last checked: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('shows which services are down', async () => {
    fetchMock.mockResolvedValue(
      fakeResponse({ status: 'degraded', services: { ...allUp.services, images: 'down', delivery: 'down' } }),
    );

    renderWithApp(<StatusPage />);

    expect(await screen.findByText('Some services are down')).toBeTruthy();
    expect(screen.getByText('2 of 7 services are not answering.')).toBeTruthy();
    expect(within(rowOf('images')).getByText('Down')).toBeTruthy();
    expect(within(rowOf('delivery')).getByText('Down')).toBeTruthy();
    expect(within(rowOf('orders')).getByText('Up')).toBeTruthy();
    expect(rowOf('images').dataset['state']).toBe('down');
  });

  it('says so when the gateway itself does not answer', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    renderWithApp(<StatusPage />);

    expect(await screen.findByText('The gateway does not answer')).toBeTruthy();
    expect(screen.getByText('Details: Failed to fetch')).toBeTruthy();
    for (const service of SERVICE_NAMES) {
      expect(within(rowOf(service)).getByText('Unknown')).toBeTruthy();
    }
  });

  it('polls every 5 seconds and recovers when the gateway answers again', async () => {
    jest.useFakeTimers();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(fakeResponse(allUp));

    renderWithApp(<StatusPage />);
    expect(await screen.findByText('The gateway does not answer')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await act(async () => {
      await jest.advanceTimersByTimeAsync(5_000);
    });

    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(await screen.findByText('All services are running')).toBeTruthy();
    expect(screen.queryByText('The gateway does not answer')).toBeNull();
  });
});
