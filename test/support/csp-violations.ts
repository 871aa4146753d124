import type { Browser, BrowserContext } from 'playwright-core';

/** Content-Security-Policy violations seen in the browser since they were last taken. */
const seen: string[] = [];

/** the violations seen so far, left in place */
export const peekCspViolations = (): readonly string[] => [...seen];

/** the violations seen so far, cleared (the browser tier's afterEach fails a test that had any) */
export function takeCspViolations(): string[] {
  return seen.splice(0, seen.length);
}

/**
 * Records every Content-Security-Policy violation of the context's pages: the page's
 * `securitypolicyviolation` events (reported through a binding installed before any script
 * of the page runs) and chromium's console reports ("Refused to …").
 */
export async function watchCspViolations(context: BrowserContext): Promise<void> {
  await context.exposeBinding('__reportCspViolation', ({ page }, text: string) => {
    seen.push(`${page.url()}: ${text}`);
  });
  // page code, as text: the server's TypeScript has no DOM types
  await context.addInitScript({
    content: `document.addEventListener('securitypolicyviolation', (e) => {
      window.__reportCspViolation?.(e.effectiveDirective + ' blocked ' + (e.blockedURI || 'inline') + (e.sourceFile ? ' (' + e.sourceFile + ':' + e.lineNumber + ')' : ''));
    });`,
  });
  context.on('console', (msg) => {
    if (/^Refused to |Content Security Policy/.test(msg.text())) seen.push(`${msg.page()?.url() ?? ''}: console: ${msg.text()}`);
  });
}

/** Makes every context the browser opens (`newContext`, and `newPage`, which opens one) watched. */
export function watchBrowserForCspViolations(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    await watchCspViolations(context);
    return context;
  };
  return browser;
}
