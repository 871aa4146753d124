export type { BannerView } from '../http/schemas/users.schemas';

export const BANNER_MESSAGES = { notFound: 'Banner not found' } as const;
