import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ImageVersionView } from '@app/contracts/wire';
import { fail, fakeApi, reply } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import { ImageHistory } from './ImageHistory';

const IMAGE = '00000000-0000-4000-8000-0000000000aa';

function version(id: string, over: Partial<ImageVersionView>): ImageVersionView {
  return {
    id,
    imageId: IMAGE,
    kind: 'pipeline',
    reason: 'processing',
    route: 'full',
    settings: { category: 'exterior' },
    createdBy: null,
    restoredFromId: null,
    current: false,
    url: `https://s3.test/${id}.jpg`,
    thumbnailUrl: `https://s3.test/${id}.thumb.jpg`,
    width: 1920,
    height: 1440,
    fileSize: 400_000,
    createdAt: '2026-05-01T09:00:00.000Z',
    ...over,
  };
}

const HISTORY: ImageVersionView[] = [
  version('v1', { kind: 'original', reason: 'upload', route: null, settings: null, createdBy: { id: 'd', displayName: 'Alpha Motors' }, url: null, thumbnailUrl: null }),
  version('v2', { createdAt: '2026-05-01T09:01:00.000Z' }),
  version('v3', { kind: 'replacement', reason: 'replace', route: null, createdBy: { id: 'q', displayName: 'Quinn QA' }, current: true, createdAt: '2026-05-02T10:00:00.000Z' }),
];

const rows = () => within(screen.getByRole('list')).getAllByRole('listitem');

describe('ImageHistory', () => {
  it('lists the versions newest first with kind, why, who and the current one marked', async () => {
    fakeApi({ [`GET /images/${IMAGE}/versions`]: () => reply(200, HISTORY) });
    renderWithApp(<ImageHistory imageId={IMAGE} canRestore={false} />);
    await screen.findByText('Replaced by QA');
    const [newest, middle, oldest] = rows();
    expect(newest!.getAttribute('aria-current')).toBe('true');
    expect(within(newest!).getByText('Current')).toBeTruthy();
    expect(newest!.textContent).toContain('Replacement');
    expect(newest!.textContent).toContain('Quinn QA');
    expect(middle!.textContent).toContain('Pipeline output');
    expect(middle!.textContent).toContain('Processed · full');
    expect(middle!.textContent).toContain('System');
    expect(within(middle!).getByRole('img', { name: 'Pipeline output version' }).getAttribute('src')).toBe('https://s3.test/v2.thumb.jpg');
    // an original a dealership may not open: no picture, no link
    expect(oldest!.textContent).toContain('Alpha Motors');
    expect(within(oldest!).queryByRole('link')).toBeNull();
    expect(within(oldest!).getByRole('img', { name: 'No preview' })).toBeTruthy();
    // without the right to restore, no Restore
    expect(screen.queryByRole('button', { name: 'Restore version' })).toBeNull();
  });

  it('staff restore an earlier version after confirming; the history shows the restore as current', async () => {
    const restored = [
      ...HISTORY.map((v) => ({ ...v, current: false })),
      version('v4', { kind: 'restore', reason: 'restore', restoredFromId: 'v2', current: true, createdBy: { id: 'q', displayName: 'Quinn QA' }, createdAt: '2026-05-03T08:00:00.000Z' }),
    ];
    const api = fakeApi({
      [`GET /images/${IMAGE}/versions`]: () => reply(200, HISTORY),
      [`POST /images/${IMAGE}/versions/v2/restore`]: () => reply(200, restored),
    });
    renderWithApp(<ImageHistory imageId={IMAGE} canRestore />);
    await screen.findByText('Replaced by QA');
    // the current version and an original without a link offer no Restore; the pipeline output does
    const buttons = screen.getAllByRole('button', { name: 'Restore version' });
    expect(buttons).toHaveLength(1);
    expect(within(rows()[1]!).getByRole('button', { name: 'Restore version' })).toBe(buttons[0]);
    fireEvent.click(buttons[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Restore this version?')).toBeTruthy();
    // cancelling restores nothing
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to(`POST /images/${IMAGE}/versions/v2/restore`)).toHaveLength(0);

    fireEvent.click(within(rows()[1]!).getByRole('button', { name: 'Restore version' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Restore version' }));
    await waitFor(() => expect(api.to(`POST /images/${IMAGE}/versions/v2/restore`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await screen.findByText('Restored');
    expect(rows()[0]!.getAttribute('aria-current')).toBe('true');
    expect(rows().filter((r) => r.getAttribute('aria-current') === 'true')).toHaveLength(1);
    expect((await screen.findByTestId('toast-main')).textContent).toBe('Restore version - Successfully');
  });

  it('a refused restore says why and leaves the history as it was', async () => {
    fakeApi({
      [`GET /images/${IMAGE}/versions`]: () => reply(200, HISTORY),
      [`POST /images/${IMAGE}/versions/v2/restore`]: () => fail(404, 'Image version not found'),
    });
    renderWithApp(<ImageHistory imageId={IMAGE} canRestore />);
    await screen.findByText('Replaced by QA');
    fireEvent.click(within(rows()[1]!).getByRole('button', { name: 'Restore version' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Restore version' }));
    expect((await screen.findByTestId('toast-main')).textContent).toContain('Image version not found');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rows()[0]!.getAttribute('aria-current')).toBe('true');
    expect(rows()[0]!.textContent).toContain('Replaced by QA');
  });
});
