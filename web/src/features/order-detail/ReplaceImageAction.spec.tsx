import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen } from '@testing-library/react';
import type { ImageView } from '@app/contracts/wire';
import { fakeApi } from '../../test/fakeApi';
import { renderWithApp } from '../../test/render';
import { ReplaceImageAction } from './ReplaceImageAction';

const ORDER = '00000000-0000-4000-8000-0000000000a1';
const IMAGE = '00000000-0000-4000-8000-0000000000b1';

describe('ReplaceImageAction (select view)', () => {
  const image = (id: string, over: Partial<ImageView> = {}) => ({ id, position: 1, optimisationStatus: 'completed', ...over }) as ImageView;

  it('is offered for exactly one selected picture whose file has arrived', async () => {
    fakeApi({});
    const button = () => screen.getByRole('button', { name: 'Replace with an edited file' }) as HTMLButtonElement;
    for (const selected of [[], [image('a'), image('b')], [image('a', { optimisationStatus: 'awaiting-upload' })]]) {
      const view = renderWithApp(<ReplaceImageAction orderId={ORDER} selected={selected} />);
      expect(button().disabled).toBe(true);
      expect(button().parentElement!.getAttribute('title')).toBe('Select one picture to replace it');
      view.unmount();
    }
    renderWithApp(<ReplaceImageAction orderId={ORDER} selected={[image(IMAGE, { position: 4 })]} />);
    expect(button().disabled).toBe(false);
    fireEvent.click(button());
    expect(await screen.findByRole('heading', { name: 'Replace position 4 with an edited file' })).toBeTruthy();
  });
});
