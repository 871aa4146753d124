import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import { FileButton } from './FileButton';

describe('FileButton', () => {
  it('is a real button that opens the file input named for what the file is for', () => {
    const onFiles = jest.fn();
    const { container } = render(
      <FileButton inputLabel="Logo" accept="image/png" onFiles={onFiles}>
        Choose file
      </FileButton>,
    );
    const button = screen.getByRole('button', { name: 'Choose file' });
    expect(button.tagName).toBe('BUTTON');
    expect(container.querySelector('label')).toBeNull();
    const input = screen.getByLabelText('Logo') as HTMLInputElement;
    const opened = jest.fn();
    input.addEventListener('click', opened);
    fireEvent.click(button);
    expect(opened).toHaveBeenCalledTimes(1);
    const logo = new File(['x'], 'logo.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [logo] } });
    expect(onFiles).toHaveBeenCalledWith([logo]);
  });

  it('disabled, neither the button nor the input takes a file', () => {
    render(
      <FileButton inputLabel="Photos" accept="image/*" multiple disabled onFiles={jest.fn()}>
        Browse
      </FileButton>,
    );
    expect((screen.getByRole('button', { name: 'Browse' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Photos') as HTMLInputElement).disabled).toBe(true);
  });
});
