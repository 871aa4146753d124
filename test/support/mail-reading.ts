import type { CapturedMail } from '@app/devstack';
import { waitFor } from '@app/testing';
import type { TestStack } from './test-stack';

/** The temporary password out of an account-ready or sales-person login mail. */
export function temporaryPasswordIn(text: string): string {
  const match = /password:\s*\n\s*\n(\S+)/.exec(text);
  if (!match) throw new Error(`no temporary password in mail: ${text}`);
  return match[1];
}

/** The 6-digit code out of a verification-code mail. */
export function verificationCodeIn(text: string): string {
  const match = /\b(\d{6})\b/.exec(text);
  if (!match) throw new Error(`no verification code in mail: ${text}`);
  return match[1];
}

/** Waits until at least `count` mails reached `email`, and returns them oldest first. */
export async function mailsTo(stack: TestStack, email: string, count = 1): Promise<CapturedMail[]> {
  return waitFor(async () => {
    const mails = await stack.mails(email);
    return mails.length >= count ? mails : null;
  }, `${count} mail(s) to ${email}`);
}
