
export const BANNER_MESSAGES = { notFound: 'Banner not found' } as const;
