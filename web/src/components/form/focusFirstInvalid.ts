/** After a refused submit: focus the first field marked invalid, once it has rendered. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLInputElement>('input[aria-invalid="true"]')?.focus());
}
