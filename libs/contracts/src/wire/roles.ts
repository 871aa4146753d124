export const ROLES = ['Admin', 'Dealership', 'Management', 'QA'] as const;
export type Role = (typeof ROLES)[number];

/** An account's sign-in state: confirmed, or waiting for its first password (a temporary one was sent). */
export const USER_STATUSES = ['CONFIRMED', 'FORCE_CHANGE_PASSWORD'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
