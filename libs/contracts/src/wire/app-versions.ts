export const PLATFORMS = ['Android', 'iOS'] as const;
export type Platform = (typeof PLATFORMS)[number];


export const APP_VERSION_MESSAGES = {
  notFound: 'App version not found',
  duplicate: 'This version already exists for this platform',
  /** a version string that is not numbers with dots (shown on the admin form's Version field) */
  versionFormat: 'Write the version as three numbers with dots, like 1.2.34',
} as const;
