import { takeCspViolations } from './csp-violations';

/**
 * The browser tier's check after each test and each file: a Content-Security-Policy
 * violation in any page the test opened fails it, with what was blocked where.
 */
const check = (): void => {
  const violations = takeCspViolations();
  if (violations.length > 0) throw new Error(`Content-Security-Policy violations:\n  ${violations.join('\n  ')}`);
};

afterEach(check);
afterAll(check);
