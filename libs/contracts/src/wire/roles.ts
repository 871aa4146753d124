export const ROLES = ['Admin', 'Dealership', 'Management', 'QA'] as const;
export type Role = (typeof ROLES)[number];
