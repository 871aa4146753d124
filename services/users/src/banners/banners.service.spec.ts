import type { Actor, ActorRole } from '@app/contracts';
import { bannerListFilter, maySeeBanner } from './banners.service';

const actor = (role: ActorRole): Actor => ({ role, userId: '00000000-0000-4000-8000-00000000d001', salesPersonId: null, permissions: [], requestId: 'req-12' });

describe('banners: the admin writes them, everyone else sees the visible ones', () => {
  it('lists for the admin the visible, the hidden or all banners, as asked', () => {
    expect(bannerListFilter(actor('Admin'), true)).toBe(true);
    expect(bannerListFilter(actor('Admin'), false)).toBe(false);
    expect(bannerListFilter(actor('Admin'), undefined)).toBeUndefined();
  });

  it('lists for anyone else the visible banners only, even when asked for the hidden ones', () => {
    for (const role of ['QA', 'Dealership', 'Management', 'Anonymous'] as const) {
      expect(bannerListFilter(actor(role), false)).toBe(true);
      expect(bannerListFilter(actor(role), undefined)).toBe(true);
    }
  });

  it('shows a hidden banner to the admin only', () => {
    expect(maySeeBanner(actor('Admin'), { isActive: false })).toBe(true);
    expect(maySeeBanner(actor('QA'), { isActive: false })).toBe(false);
    expect(maySeeBanner(actor('Dealership'), { isActive: false })).toBe(false);
    expect(maySeeBanner(actor('Dealership'), { isActive: true })).toBe(true);
  });
});
