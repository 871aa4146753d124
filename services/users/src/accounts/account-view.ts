import type { UserListItem, UserView } from '@app/contracts';
import { createHash } from 'node:crypto';
import type { UserAccount } from './user-account.entity';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the admin types to confirm deleting an account: a short code derived from its id (other things are confirmed by their name). */
export function deleteConfirmationHash(userId: string): string {
  return createHash('sha256').update(`delete-account:${userId}`).digest('hex').slice(0, 8).toUpperCase();
}

/** Whether what the admin typed is the account's delete-confirmation code (spaces around and letter case aside). */
export function confirmsDeletion(typed: string, userId: string): boolean {
  return typed.trim().toUpperCase() === deleteConfirmationHash(userId);
}

export function toListItem(u: UserAccount): UserListItem {
  return {
    id: u.id,
    displayName: u.displayName,
    email: u.email,
    userRole: u.userRole,
    address: { country: u.country, city: u.city, postalCode: u.postalCode, address: u.address, companyId: u.companyId },
    contactPerson: { name: u.contactName, email: u.contactEmail, phoneNumber: u.contactPhone, title: u.contactTitle },
    userStatus: u.userStatus,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
  };
}

export function toUserView(u: UserAccount, permissions: string[], childAccounts: string[], forAdmin: boolean): UserView {
  const view: UserView = {
    ...toListItem(u),
    language: u.language,
    roleTags: u.roleTags ?? [],
    permissions,
    currency: u.currency,
    subscriptionPrice: u.subscriptionPrice,
    mobileAppAccess: u.mobileAppAccess,
    minimumZoomValue: u.minimumZoomValue,
    enabled_qa: u.enabledQa,
    desaturateYellowLight: u.desaturateYellowLight,
    editedImageLabel: u.editedImageLabel,
    loginActivated: true,
    childAccounts,
    last_order_date: u.lastOrderDate ? u.lastOrderDate.toISOString() : null,
    days_since_last_order: u.lastOrderDate ? Math.floor((Date.now() - u.lastOrderDate.getTime()) / DAY_MS) : null,
  };
  if (forAdmin) view.deleteConfirmationHash = deleteConfirmationHash(u.id);
  return view;
}
