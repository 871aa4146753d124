import { expect } from '@jest/globals';

/**
 * Why a person would not see `element`, or null when nothing hides it: it is no longer in the
 * page, or it or one of its ancestors is `hidden`, `display: none` or `visibility: hidden` (a
 * closed dialog, a collapsed panel, an inactive tab). `aria-hidden` is not looked at: a modal
 * sets it on the page behind, which stays in sight.
 */
export function whyHidden(element: Element): string | null {
  if (!element.isConnected) return 'it is not in the page';
  for (let node: Element | null = element; node; node = node.parentElement) {
    const what = `<${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}>`;
    if (node.hasAttribute('hidden')) return `${what} is hidden`;
    const style = window.getComputedStyle(node);
    if (style.display === 'none') return `${what} has display: none`;
    if (style.visibility === 'hidden') return `${what} has visibility: hidden`;
  }
  return null;
}

/** The element is on screen: in the page and hidden by neither itself nor an ancestor. */
export function expectVisible(element: Element): void {
  expect(whyHidden(element)).toBeNull();
}

/**
 * A form field shows `message` as its error: the field is marked invalid and the text it is
 * described by (the helper line under it) is the message.
 */
export function expectFieldError(field: Element, message: string): void {
  expect(field.getAttribute('aria-invalid')).toBe('true');
  const described = (field.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => field.ownerDocument.getElementById(id)?.textContent ?? '');
  expect(described).toContain(message);
}
