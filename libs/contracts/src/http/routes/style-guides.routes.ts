import { CreateMediaBody, MediaListQuery } from '../../style-guides/media.contract';
import {
  AngleBody,
  AnglePatch,
  CarTypeBody,
  CarTypePatch,
  CatalogueListQuery,
  ConfigurationBody,
  ConfigurationPatch,
  IdPayload,
  StyleGuideBody,
  StyleGuideListQuery,
  StyleGuidePatch,
  StyleGuideUserBody,
} from '../../style-guides/style-guides.contract';
import { ALL_ROLES, defineRoute, pagedOf } from '../define-route';
import { DeletedResult } from '../fields';
import {
  AddedResult,
  AngleName,
  AngleView,
  CarTypeView,
  ConfigurationView,
  CreateMediaResult,
  MediaView,
  RemovedResult,
  StyleGuideListItem,
  StyleGuideView,
} from '../schemas/style-guides.schemas';

/**
 * The HTTP operations of style guides: the guides (built by admin and QA, read by the accounts
 * they are assigned to; deleting and assigning are the admin's), their configurations, the
 * utility media they use and the angle and car-type catalogue (read by everyone signed in,
 * kept by the admin). Fixed paths come before `:id` ones of the same controller.
 */

export const StyleGuidesRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/style-guides',
    access: { roles: ALL_ROLES },
    query: StyleGuideListQuery,
    result: pagedOf(StyleGuideListItem),
    summary: 'Style guides the caller may see, 10 a page, newest first; `search` by name',
  }),
  ofUser: defineRoute({
    method: 'GET',
    path: '/style-guides/user/:id',
    access: { roles: ALL_ROLES },
    result: [StyleGuideListItem],
    summary: 'Style guides assigned to an account',
  }),
  addToUser: defineRoute({
    method: 'POST',
    path: '/style-guides/add-style-guide-to-user',
    status: 200,
    access: { roles: ['Admin'] },
    body: StyleGuideUserBody,
    result: AddedResult,
    summary: 'Assign a style guide to an account',
  }),
  removeFromUser: defineRoute({
    method: 'DELETE',
    path: '/style-guides/remove-style-guide-to-user',
    access: { roles: ['Admin'] },
    body: StyleGuideUserBody,
    result: RemovedResult,
    summary: 'Take a style guide away from an account',
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/style-guides/delete-style-guide',
    access: { roles: ['Admin'] },
    body: IdPayload,
    result: DeletedResult,
    summary: 'Delete a style guide with its configurations and assignments',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/style-guides',
    access: { roles: ['Admin', 'QA'] },
    body: StyleGuideBody,
    result: StyleGuideView,
    resultDescription: 'the new style guide',
    summary: 'Create a style guide (step 1 of the builder); maxImageSize in bytes',
  }),
  duplicate: defineRoute({
    method: 'POST',
    path: '/style-guides/:id/duplicate',
    access: { roles: ['Admin', 'QA'] },
    result: StyleGuideView,
    resultDescription: 'the copy',
    summary: 'Copy a style guide and all its configurations as "<name>-COPY"',
  }),
  get: defineRoute({
    method: 'GET',
    path: '/style-guides/:id',
    access: { roles: ALL_ROLES },
    result: StyleGuideView,
    summary: 'A style guide with its media and its configurations sorted by position',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/style-guides/:id',
    access: { roles: ['Admin', 'QA'] },
    body: StyleGuidePatch,
    result: StyleGuideView,
    resultDescription: 'the saved style guide',
    summary: 'Change a style guide',
  }),
};

export const ConfigurationsRoutes = {
  create: defineRoute({
    method: 'POST',
    path: '/style-guide-configurations',
    access: { roles: ['Admin', 'QA'] },
    body: ConfigurationBody,
    result: ConfigurationView,
    resultDescription: 'the new position',
    summary: 'Add a configuration (one position) to a style guide',
    description:
      'FEATURED forces the featured route and no angle; IMAGE needs an angle. routeTo takes the wire or display value; unknown maps to ai_no_enh.',
  }),
  get: defineRoute({
    method: 'GET',
    path: '/style-guide-configurations/:id',
    access: { roles: ALL_ROLES },
    result: ConfigurationView,
    summary: 'One configuration',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/style-guide-configurations/:id',
    access: { roles: ['Admin', 'QA'] },
    body: ConfigurationPatch,
    result: ConfigurationView,
    resultDescription: 'the saved position',
    summary: 'Change a configuration',
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/style-guide-configurations/:id',
    access: { roles: ['Admin', 'QA'] },
    result: DeletedResult,
    summary: 'Remove a configuration',
  }),
};

export const AnglesRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/angle',
    access: { roles: ALL_ROLES },
    query: CatalogueListQuery,
    result: pagedOf(AngleView),
    summary: 'Angles, 10 a page, by name; `search`, `category`',
  }),
  names: defineRoute({
    method: 'GET',
    path: '/angle/angleNames',
    access: { roles: ALL_ROLES },
    result: [AngleName],
    summary: 'Every angle by name (for pickers)',
  }),
  get: defineRoute({
    method: 'GET',
    path: '/angle/:id',
    access: { roles: ALL_ROLES },
    result: AngleView,
    summary: 'One angle with its overlays',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/angle',
    access: { roles: ['Admin'] },
    body: AngleBody,
    result: AngleView,
    resultDescription: 'the new angle',
    summary: 'Create an angle; it needs its angle overlay image (an uploaded medium)',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/angle/:id',
    access: { roles: ['Admin'] },
    body: AnglePatch,
    result: AngleView,
    resultDescription: 'the saved angle',
    summary: 'Change an angle',
  }),
};

export const CarTypesRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/car-types',
    access: { roles: ALL_ROLES },
    query: CatalogueListQuery,
    result: pagedOf(CarTypeView),
    summary: 'Car types, 10 a page, by name',
  }),
  get: defineRoute({
    method: 'GET',
    path: '/car-types/:id',
    access: { roles: ALL_ROLES },
    result: CarTypeView,
    summary: 'One car type with its icon',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/car-types',
    access: { roles: ['Admin'] },
    body: CarTypeBody,
    result: CarTypeView,
    resultDescription: 'the new car type',
    summary: 'Create a car type; it needs an icon (an uploaded medium)',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/car-types/:id',
    access: { roles: ['Admin'] },
    body: CarTypePatch,
    result: CarTypeView,
    resultDescription: 'the saved car type',
    summary: 'Change a car type',
  }),
};

export const MediaRoutes = {
  create: defineRoute({
    method: 'POST',
    path: '/media',
    access: { roles: ['Admin', 'QA'] },
    body: CreateMediaBody,
    result: CreateMediaResult,
    resultDescription: 'the media record and where to upload its file',
    summary: 'Start an upload: answers { url, fields, utilityMedia }',
    description:
      'Post `fields` plus the file (as `file`, last) as multipart/form-data to `url`; then refer to `utilityMedia.id`. An unknown mediaType answers the invalid-media-type error.',
  }),
  list: defineRoute({
    method: 'GET',
    path: '/media',
    access: { roles: ['Admin', 'QA'] },
    query: MediaListQuery,
    result: pagedOf(MediaView),
    summary: 'Uploaded media, 10 a page, newest first; `mediaType` filter',
  }),
};
