export const TAG_CATEGORIES = ['QA_EDITOR', 'QA_COORDINATOR', 'IMAGE_ERROR', 'PRIORITY'] as const;
export type TagCategory = (typeof TAG_CATEGORIES)[number];

export const TAG_ENTITIES = ['user', 'order', 'image'] as const;
export type TagEntity = (typeof TAG_ENTITIES)[number];

/** Named tag colours; the admin may also give a hex colour. */
export const TAG_COLORS = ['green', 'yellow', 'grey', 'orange', 'red', 'blue', 'cyan', 'indigo', 'deep_green', 'purple'] as const;


export const TAG_MESSAGES = {
  notFound: 'Tag not found',
  duplicate: 'A tag with this name already exists for this entity',
} as const;

/** How routes name a tagged entity: its plural (`/tags/get/orders/{id}`). */
export const TAGGED_ENTITIES = ['orders', 'images', 'users'] as const;
export type TaggedEntity = (typeof TAGGED_ENTITIES)[number];
export const TAGGED_ENTITY_OF: Record<TaggedEntity, TagEntity> = { orders: 'order', images: 'image', users: 'user' };

export const TAG_ASSIGNMENT_MESSAGES = {
  wrongEntity: (tag: string, entity: string) => `The tag ${tag} is not for ${entity}`,
  entityNotFound: 'Not found',
} as const;
