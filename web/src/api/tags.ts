import { Routes } from '@app/contracts/http';
import type { TagCategory, TagEntity, TaggedEntity, TagView } from '@app/contracts/wire';
import { queryOptions } from '@tanstack/react-query';
import { api } from './client';

/** Calls of tags on orders, images and users (the admin keeps the list itself in /admin/tags). */

/** the most pages of tags one list reads (10 a page): far more tags than anyone keeps for one kind of thing */
const MAX_TAG_PAGES = 20;

export const tagsApi = {
  /** every tag for one kind of thing (and one category), all pages */
  async list(entity: TagEntity, category?: TagCategory, signal?: AbortSignal): Promise<TagView[]> {
    const all: TagView[] = [];
    for (let page = 1; page <= MAX_TAG_PAGES; page++) {
      const res = await api.call(Routes.tags.list, { query: { entity, category, page }, signal });
      all.push(...res.items);
      if (page * res.pageSize >= res.total) break;
    }
    return all;
  },
  of: (entity: TaggedEntity, id: string, signal?: AbortSignal) => api.call(Routes.tags.ofEntity, { params: { entity, entityId: id }, signal }),
  assign: (entity: TaggedEntity, id: string, tagId: string) => api.call(Routes.tags.assign, { params: { entity, entityId: id }, body: { tagId } }),
  remove: (entity: TaggedEntity, id: string, tagId: string) => api.call(Routes.tags.remove, { body: { tagId, entity, entityId: id } }),
};

/** TanStack Query keys of tags: [resource, action, params]. */
export const tagKeys = {
  all: () => ['tags'] as const,
  list: (entity: TagEntity, category?: TagCategory) => ['tags', 'list', { entity, category }] as const,
  of: (entity: TaggedEntity, id: string) => ['tags', 'of', { entity, id }] as const,
};

/** Query options of the tag reads: the key and the fetch written together (`useQuery(tagQueries.of('orders', id))`). */
export const tagQueries = {
  /** every tag for one kind of thing (and one category) */
  list: (entity: TagEntity, category?: TagCategory) =>
    queryOptions({ queryKey: tagKeys.list(entity, category), queryFn: ({ signal }) => tagsApi.list(entity, category, signal) }),
  of: (entity: TaggedEntity, id: string) => queryOptions({ queryKey: tagKeys.of(entity, id), queryFn: ({ signal }) => tagsApi.of(entity, id, signal) }),
};
