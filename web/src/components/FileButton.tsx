import Button, { type ButtonProps } from '@mui/material/Button';
import { useRef } from 'react';

/**
 * A button that chooses files: a real <button> (focusable, Enter and Space press it, read as a
 * button) that opens the file input beside it. The input is hidden and named by `inputLabel`
 * (what the file is for: "Logo", "Featured image"), so tests and assistive technology find it
 * by that name. Never a <label role="button"> around the input: axe-core and screen readers
 * take that for a button without the keyboard behaviour of one.
 */
export function FileButton({
  children,
  inputLabel,
  accept,
  multiple = false,
  disabled = false,
  invalid = false,
  describedBy,
  onFiles,
  inputTestId,
  ...button
}: Omit<ButtonProps, 'onClick' | 'onChange'> & {
  /** the accessible name of the file input: what the file is for */
  inputLabel: string;
  accept: string;
  multiple?: boolean;
  /** the input's aria-invalid (the slot's error shows) */
  invalid?: boolean;
  /** the id of the element that says what is wrong */
  describedBy?: string | undefined;
  onFiles: (files: File[]) => void;
  inputTestId?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button {...button} disabled={disabled} onClick={() => input.current?.click()}>
        {children}
      </Button>
      <input
        ref={input}
        hidden
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        aria-label={inputLabel}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={describedBy}
        data-testid={inputTestId}
        onChange={(e) => {
          onFiles([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
    </>
  );
}
