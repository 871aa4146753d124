import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, fakeApi, reply } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import { ReplaceImageDialog } from './ReplaceImageDialog';
import { FakeUpload, useFakeUpload } from '../../test/fakeUpload';

const ORDER = '00000000-0000-4000-8000-0000000000a1';
const IMAGE = '00000000-0000-4000-8000-0000000000b1';

/** XMLHttpRequest as the browser's upload to storage: the test says how far it got and when it ends. */
useFakeUpload({ manual: true });

const routes = (complete = () => reply(200, { id: IMAGE })) => ({
  [`POST /images/replace-image/${IMAGE}`]: () =>
    reply(201, { url: 'http://storage.test/bucket', fields: JSON.stringify({ key: `orders/${ORDER}/images/${IMAGE}/upload.jpg`, Policy: 'p' }), imageId: IMAGE, expiresAt: '' }),
  [`POST /images/replace-image/${IMAGE}/complete`]: complete,
});

const photo = () => new File([new Uint8Array(200)], 'retouched.jpg', { type: 'image/jpeg' });
const choose = (file: File) => fireEvent.change(screen.getByLabelText('Edited file'), { target: { files: [file] } });
const replaceButton = () => within(screen.getByRole('dialog')).getByRole('button', { name: 'Replace' }) as HTMLButtonElement;

describe('ReplaceImageDialog', () => {
  it('refuses a file that is not a picture with the message, and sends nothing', async () => {
    const api = fakeApi(routes());
    renderWithApp(<ReplaceImageDialog orderId={ORDER} image={{ id: IMAGE, position: 3 }} open onClose={() => undefined} />);
    expect(screen.getByRole('heading', { name: 'Replace position 3 with an edited file' })).toBeTruthy();
    expect(replaceButton().disabled).toBe(true);
    choose(new File(['minutes of the meeting'], 'notes.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The file is not a JPEG, PNG or WebP image');
    expect(screen.getByLabelText('Edited file').getAttribute('aria-invalid')).toBe('true');
    expect(replaceButton().disabled).toBe(true);
    // a picture next clears the message
    choose(photo());
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByText('retouched.jpg')).toBeTruthy();
    expect(replaceButton().disabled).toBe(false);
    expect(api.requests).toHaveLength(0);
  });

  it('uploads straight to storage with its progress, then completes: the picture replaced, the dialog closed', async () => {
    const api = fakeApi(routes());
    let closed = 0;
    renderWithApp(<ReplaceImageDialog orderId={ORDER} image={{ id: IMAGE, position: 3 }} open onClose={() => (closed += 1)} />);
    choose(photo());
    fireEvent.click(replaceButton());
    await waitFor(() => expect(FakeUpload.last).not.toBeNull());
    expect(api.to(`POST /images/replace-image/${IMAGE}`)[0]!.body).toEqual({ fileSize: 200, width: 1280, height: 720, contentType: 'image/jpeg' });
    // the policy's fields first, the file last, to the storage's URL
    expect(FakeUpload.sent).toEqual([{ url: 'http://storage.test/bucket', keys: ['key', 'Policy', 'file'] }]);
    expect(screen.getByTestId('replace-percent').textContent).toBe('Uploading… 0%');
    expect(replaceButton().disabled).toBe(true);
    FakeUpload.last!.progress(100);
    await waitFor(() => expect(screen.getByTestId('replace-percent').textContent).toBe('Uploading… 50%'));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    expect(api.to(`POST /images/replace-image/${IMAGE}/complete`)).toHaveLength(0);
    FakeUpload.last!.finish();
    await waitFor(() => expect(api.to(`POST /images/replace-image/${IMAGE}/complete`)).toHaveLength(1));
    expect((await screen.findByTestId('toast-main')).textContent).toBe('Picture replaced: a new version is in its history');
    expect(closed).toBe(1);
  });

  it("shows the server's refusal of the file in the dialog", async () => {
    fakeApi(routes(() => fail(400, 'The file is incomplete: it ends before the end of the image (the upload was cut off or the file is damaged)')));
    renderWithApp(<ReplaceImageDialog orderId={ORDER} image={{ id: IMAGE, position: 3 }} open onClose={() => undefined} />);
    choose(photo());
    fireEvent.click(replaceButton());
    await waitFor(() => expect(FakeUpload.last).not.toBeNull());
    FakeUpload.last!.finish();
    expect((await screen.findByRole('alert')).textContent).toBe('The file is incomplete: it ends before the end of the image (the upload was cut off or the file is damaged)');
    expect(screen.queryByTestId('replace-percent')).toBeNull();
    await waitFor(() => expect(replaceButton().disabled).toBe(false));
  });
});
