import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ImageView, MeView, TestPipelineRunView } from '@app/contracts/wire';
import { sessionStore } from '../../api/session';
import { fakeApi, reply, testImage, testOrder, testUser, type FakeHandler, type FakeRequest } from '../../test/fakeApi';
import { renderAppAt } from '../../test/render';
import { expectVisible } from '../../test/visible';
import { runsOf } from './TestPipelineDialog';

const ORDER = '55555555-5555-4555-8555-555555555555';

// whole-app renders of a busy screen, and the screens' own polling (2 and 3 s)
jest.setTimeout(30_000);

const image = (position: number, overrides: Partial<ImageView> = {}): ImageView => testImage(position, { orderId: ORDER, ...overrides });

function run(position: number, overrides: Partial<TestPipelineRunView>): TestPipelineRunView {
  return {
    imageId: `img-${position}`,
    versionId: `v-${position}`,
    state: 'queued',
    route: 'full',
    failureReason: null,
    url: null,
    thumbnailUrl: null,
    width: null,
    height: null,
    fileSize: null,
    requestedAt: '2026-05-01T10:00:00.000Z',
    finishedAt: null,
    ...overrides,
  };
}

const order = testOrder({ id: ORDER });

function open(user: MeView, extra: Record<string, FakeHandler> = {}, images: () => ImageView[] = () => [image(1), image(2)]) {
  sessionStore.start({ accessToken: 'a', refreshToken: 'r', expiresIn: 900 }, user);
  const api = fakeApi({
    'GET /me': () => reply(200, user),
    'GET /appSettings': () => reply(200, []),
    [`GET /orders/${ORDER}`]: () => reply(200, order),
    [`GET /images/order/${ORDER}`]: () => reply(200, images()),
    [`GET /events/order/${ORDER}`]: () => reply(200, { items: [], total: 0, page: 1, pageSize: 10 }),
    [`GET /videos/order/${ORDER}`]: () => reply(200, []),
    'GET /tags': () => reply(200, { items: [], total: 0, page: 1, pageSize: 10 }),
    'GET /tags/get/images/img-1': () => reply(200, []),
    'GET /tags/get/images/img-2': () => reply(200, []),
    ...extra,
  });
  renderAppAt(`/order/${ORDER}/select`);
  return api;
}

const admin = testUser({ userRole: 'Admin', permissions: [] });

async function selectBoth() {
  const panel = await screen.findByTestId('selection-panel');
  fireEvent.click(await screen.findByLabelText('Select the image of position 1'));
  fireEvent.click(screen.getByLabelText('Select the image of position 2'));
  expectVisible(within(panel).getByText('Selected: 2'));
  return panel;
}

describe('the select view\'s pipeline tools (admin)', () => {
  it('re-optimises the selected pictures with another method: they show as queued, then the new version arrives', async () => {
    let state: 'before' | 'queued' | 'done' = 'before';
    let readsWhileQueued = 0;
    const api = open(
      admin,
      {
        'POST /images/invoke-image-optimization': (req: FakeRequest) => {
          state = 'queued';
          const id = (req.body as { imageId: string }).imageId;
          return reply(202, image(Number(id.slice(4)), { optimisationStatus: 'queued' }));
        },
      },
      () => {
        // the new versions arrive once the view has read the queued pictures
        if (state === 'queued' && ++readsWhileQueued > 1) state = 'done';
        if (state === 'before') return [image(1), image(2)];
        if (state === 'queued') return [image(1, { optimisationStatus: 'queued' }), image(2, { optimisationStatus: 'queued' })];
        return [image(1, { optimisedVia: 'bypass', types: ['optimized', 'bypassed'] }), image(2, { optimisedVia: 'bypass', types: ['optimized', 'bypassed'] })];
      },
    );
    const panel = await screen.findByTestId('selection-panel');
    const tools = within(panel).getByTestId('pipeline-tools');
    expect((within(tools).getByRole('button', { name: 'Re-optimise' }) as HTMLButtonElement).disabled).toBe(true);
    await selectBoth();
    fireEvent.mouseDown(within(tools).getByRole('combobox', { name: 'Optimisation method' }));
    fireEvent.click(await screen.findByRole('option', { name: 'BYPASS' }));
    fireEvent.click(within(tools).getByRole('button', { name: 'Re-optimise' }));

    await waitFor(() => expect(api.to('POST /images/invoke-image-optimization')).toHaveLength(2));
    expect(api.to('POST /images/invoke-image-optimization').map((r) => r.body)).toEqual([
      { imageId: 'img-1', method: 'bypass' },
      { imageId: 'img-2', method: 'bypass' },
    ]);
    await waitFor(() => expect((screen.getAllByTestId('toast-main').map((t) => t.textContent))).toContain('Sent to be optimised again: 2'));
    const card = () => screen.getByLabelText('Select the image of position 1').closest('[data-status]')!;
    await waitFor(() => expect(card().getAttribute('data-status')).toBe('queued'));
    // the view asks again while a picture is queued, until the new version is there
    await waitFor(() => expect(card().getAttribute('data-status')).toBe('completed'), { timeout: 10_000 });
  });

  it('test pipeline: each picture\'s current version beside its test version, with the state while it runs', async () => {
    let runs: TestPipelineRunView[] = [];
    let readsAfterRun = 0;
    const api = open(admin, {
      'POST /appSettings/sendImagesToTestPipeline': () => {
        runs = [run(1, {}), run(2, {})];
        return reply(200, { queued: 2 });
      },
      [`GET /appSettings/testPipelineResults/${ORDER}`]: () => {
        if (runs.length && ++readsAfterRun > 1) {
          runs = [
            run(1, { state: 'completed', url: 'http://storage.test/test-1.jpg', thumbnailUrl: 'http://storage.test/test-1-thumb.jpg', width: 1920, height: 1440, finishedAt: '2026-05-01T10:01:00.000Z' }),
            run(2, { state: 'failed', failureReason: 'No car could be told apart from the background in this picture.', finishedAt: '2026-05-01T10:01:00.000Z' }),
          ];
        }
        return reply(200, runs);
      },
    });
    const panel = await selectBoth();
    fireEvent.click(within(panel).getByRole('button', { name: 'Test pipeline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Test pipeline (2)' });
    const row = (position: number) => within(dialog).getByTestId(`test-run-${position}`);
    await waitFor(() => expect(row(1).getAttribute('data-state')).toBe('none'));
    expectVisible(within(row(1)).getByText('Not tested yet'));
    expect((within(row(1)).getByRole('img', { name: 'Current picture of position 1' }) as HTMLImageElement).src).toBe('http://storage.test/1-thumb.jpg');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Run test pipeline' }));
    await waitFor(() => expect(api.to('POST /appSettings/sendImagesToTestPipeline')).toHaveLength(1));
    expect(api.to('POST /appSettings/sendImagesToTestPipeline')[0]!.body).toEqual({ imageIds: ['img-1', 'img-2'] });
    expectVisible(await within(dialog).findByText('Sent to the test pipeline: 2 of 2'));
    await waitFor(() => expect(row(1).getAttribute('data-state')).toBe('queued'));
    expectVisible(within(row(2)).getByText('In the test pipeline…'));

    // asked again while a run is queued: the result and the failure come in
    await waitFor(() => expect(row(1).getAttribute('data-state')).toBe('completed'), { timeout: 10_000 });
    const test = within(row(1)).getByRole('img', { name: 'Test version of position 1' }) as HTMLImageElement;
    expect(test.src).toBe('http://storage.test/test-1-thumb.jpg');
    expect(within(row(1)).getByRole('img', { name: 'Current picture of position 1' })).toBeTruthy();
    expect(row(2).getAttribute('data-state')).toBe('failed');
    expectVisible(within(row(2)).getByText('Test failed'));
    expectVisible(within(row(2)).getByText('No car could be told apart from the background in this picture.'));
  });

  it('QA has the select view without the admin\'s pipeline tools', async () => {
    open(testUser({ userRole: 'QA', permissions: [] }));
    const panel = await screen.findByTestId('selection-panel');
    expectVisible(within(panel).getByRole('button', { name: 'Repush' }));
    expect(within(panel).queryByTestId('pipeline-tools')).toBeNull();
  });

  it('runsOf keeps the runs of the chosen pictures', () => {
    expect([...runsOf([{ id: 'img-2' }], [run(1, {}), run(2, { state: 'failed' })]).keys()]).toEqual(['img-2']);
    expect(runsOf([{ id: 'img-1' }], undefined).size).toBe(0);
  });
});
