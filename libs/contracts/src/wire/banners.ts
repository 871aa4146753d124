export interface BannerView {
  id: string;
  message: string;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export const BANNER_MESSAGES = { notFound: 'Banner not found' } as const;
