import type { Paged, TagCategory, TagEntity, TaggedEntity, TagView } from '@app/contracts/wire';
import { api } from './client';

/** Calls of tags on orders, images and users (the admin keeps the list itself in /admin/tags). */

/** the most pages of tags one list reads (10 a page): far more tags than anyone keeps for one kind of thing */
const MAX_TAG_PAGES = 20;

export const tagsApi = {
  /** every tag for one kind of thing (and one category), all pages */
  async list(entity: TagEntity, category?: TagCategory, signal?: AbortSignal): Promise<TagView[]> {
    const all: TagView[] = [];
    for (let page = 1; page <= MAX_TAG_PAGES; page++) {
      const res = await api.get<Paged<TagView>>('/tags', { query: { entity, category, page }, signal });
      all.push(...res.items);
      if (page * res.pageSize >= res.total) break;
    }
    return all;
  },
  of: (entity: TaggedEntity, id: string, signal?: AbortSignal) => api.get<TagView[]>(`/tags/get/${entity}/${id}`, { signal }),
  assign: (entity: TaggedEntity, id: string, tagId: string) => api.post<TagView[]>(`/tags/${entity}/${id}`, { tagId }),
  remove: (entity: TaggedEntity, id: string, tagId: string) => api.delete<TagView[]>('/tags/', { body: { tagId, entity, entityId: id } }),
};

/** TanStack Query keys of tags: [resource, action, params]. */
export const tagKeys = {
  all: () => ['tags'] as const,
  list: (entity: TagEntity, category?: TagCategory) => ['tags', 'list', { entity, category }] as const,
  of: (entity: TaggedEntity, id: string) => ['tags', 'of', { entity, id }] as const,
};
