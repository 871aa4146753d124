import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, within } from '@testing-library/react';
import { SERVICE_NAMES, type HealthView } from '@app/contracts/wire';
import { fakeResponse, renderWithApp } from '../../test/render';
import { StatusPage } from './StatusPage';
import { expectVisible } from '../../test/visible';

const fetchMock = jest.fn<typeof fetch>();

const allUp: HealthView = {
  status: 'ok',
  services: Object.fromEntries(SERVICE_NAMES.map((s) => [s, 'up'])) as HealthView['services'],
  segmentation: { kind: 'http', status: 'up', model: 'isnet-quint8@768' },
};

function segmentationRow(): HTMLElement {
  return screen.getByTestId('segmentation');
}

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

    expectVisible(await screen.findByText('All services are running'));
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/health');
    for (const service of SERVICE_NAMES) {
      expectVisible(within(rowOf(service)).getByText('Up'));
    }
    expectVisible(screen.getByText('Image pipeline'));
    // the AI routes' network, after the services
    const rows = screen.getAllByRole('row');
    expect(rows[rows.length - 1]).toBe(segmentationRow());
    expectVisible(within(segmentationRow()).getByText('Segmentation network (AI routes)'));
    expectVisible(within(segmentationRow()).getByText('IS-Net (isnet-quint8@768): Up'));
    expect(screen.getByTestId('last-checked').textContent).toMatch(/^Last checked: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('shows which services are down', async () => {
    fetchMock.mockResolvedValue(
      fakeResponse({ status: 'degraded', services: { ...allUp.services, images: 'down', delivery: 'down' } }),
    );

    renderWithApp(<StatusPage />);

    expectVisible(await screen.findByText('Some services are down'));
    expectVisible(screen.getByText('2 of 7 services are not answering.'));
    expectVisible(within(rowOf('images')).getByText('Down'));
    expectVisible(within(rowOf('delivery')).getByText('Down'));
    expectVisible(within(rowOf('orders')).getByText('Up'));
    expect(rowOf('images').dataset['state']).toBe('down');
  });

  it('says when the pipeline runs the classical fallback, without calling it a problem', async () => {
    fetchMock.mockResolvedValue(fakeResponse({ ...allUp, segmentation: { kind: 'classical', status: 'up' } }));

    renderWithApp(<StatusPage />);

    expectVisible(await screen.findByText('All services are running'));
    expectVisible(within(segmentationRow()).getByText('Classical fallback (no network)'));
    expect(within(segmentationRow()).queryByText(/IS-Net/)).toBeNull();
  });

  it('shows the segmenter down: the AI routes fail, though every service answers', async () => {
    fetchMock.mockResolvedValue(fakeResponse({ ...allUp, status: 'degraded', segmentation: { kind: 'http', status: 'down', model: 'isnet-quint8@768' } }));

    renderWithApp(<StatusPage />);

    expectVisible(await screen.findByText('The segmentation network is down'));
    expectVisible(screen.getByText('The AI routes fail until it is back.'));
    expect(screen.queryByText(/services are not answering/)).toBeNull();
    expectVisible(within(segmentationRow()).getByText('IS-Net (isnet-quint8@768): Down'));
    expect(segmentationRow().dataset['state']).toBe('down');
    // an anonymous visitor gets no reason; nothing is invented
    expect(within(segmentationRow()).queryByText(/^Why:/)).toBeNull();
  });

  it('shows staff why the segmenter is down, and unknown when the pipeline does not answer', async () => {
    fetchMock.mockResolvedValueOnce(
      fakeResponse({ ...allUp, status: 'degraded', segmentation: { kind: 'http', status: 'down', reason: 'The segmenter could not be reached (ECONNREFUSED).' } }),
    );

    const { unmount } = renderWithApp(<StatusPage />);

    expectVisible(await screen.findByText('Why: The segmenter could not be reached (ECONNREFUSED).'));
    expectVisible(within(segmentationRow()).getByText('IS-Net: Down'));
    unmount();

    fetchMock.mockResolvedValue(
      fakeResponse({ status: 'degraded', services: { ...allUp.services, pipeline: 'down' }, segmentation: { status: 'unknown' } }),
    );
    renderWithApp(<StatusPage />);

    expectVisible(await screen.findByText('1 of 7 services are not answering.'));
    expect(screen.queryByText('The segmentation network is down')).toBeNull();
    expectVisible(within(segmentationRow()).getByText('Unknown'));
    expect(segmentationRow().dataset['state']).toBe('unknown');
  });

  it('says so when the gateway itself does not answer', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    renderWithApp(<StatusPage />);

    expectVisible(await screen.findByText('The gateway does not answer'));
    expectVisible(screen.getByText('Details: Failed to fetch'));
    for (const service of SERVICE_NAMES) {
      expectVisible(within(rowOf(service)).getByText('Unknown'));
    }
    expectVisible(within(segmentationRow()).getByText('Unknown'));
  });

  it('polls every 5 seconds and recovers when the gateway answers again', async () => {
    jest.useFakeTimers();
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(fakeResponse(allUp));

    renderWithApp(<StatusPage />);
    expectVisible(await screen.findByText('The gateway does not answer'));
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await act(async () => {
      await jest.advanceTimersByTimeAsync(5_000);
    });

    expect(fetchMock).toHaveBeenCalledTimes(2);
    expectVisible(await screen.findByText('All services are running'));
    expect(screen.queryByText('The gateway does not answer')).toBeNull();
  });
});
