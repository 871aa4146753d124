/**
 * Re-edit requests: a dealership (or its signed-in sales person, or a management account on
 * its own orders) asks QA to edit a processed picture again, with a reason from a fixed list
 * and free text. QA approving the picture again closes the request (`done`); QA may decline
 * it with an answer (`declined`). Rejection reasons (QA's declines and these requests) are
 * counted per style guide for the dashboards.
 */

/** Why a picture should be edited again; the web app names each in every language (`reEdit.reasons.*`). */
export const RE_EDIT_REASONS = ['background', 'cropping', 'colour', 'reflections', 'wrong-angle', 'number-plate', 'logo', 'other'] as const;
export type ReEditReason = (typeof RE_EDIT_REASONS)[number];

/** open until QA approves the picture again (done) or declines the request (declined) */
export const RE_EDIT_STATES = ['open', 'done', 'declined'] as const;
export type ReEditState = (typeof RE_EDIT_STATES)[number];

/** the most characters of a request's text and of QA's answer */
export const RE_EDIT_TEXT_MAX = 500;
/** hours QA has for a request when the app setting `RE_EDIT_DUE_HOURS` is missing or not a positive number */
export const RE_EDIT_DUE_HOURS_DEFAULT = 4;

export const RE_EDIT_MESSAGES = {
  notFound: 'Re-edit request not found',
  alreadyOpen: 'This picture already has an open re-edit request',
  notProcessed: 'Only a processed picture can be sent back for a re-edit',
  textRequired: 'text is required when the reason is other',
  notOpen: 'This re-edit request has already been answered',
} as const;

/** `POST /images/{imageId}/re-edit-requests` */
export interface ReEditRequestRequest {
  reason: ReEditReason;
  /** what to change; required for `other`, at most 500 characters */
  text?: string;
}

/** `POST /images/re-edit-requests/{id}/decline` (admin, QA) */
export interface ReEditDeclineRequest {
  /** QA's answer, shown to the dealership */
  text: string;
}


/** Where a rejection reason comes from: QA's decline of a picture, or a dealership's re-edit request. */
export const REJECTION_SOURCES = ['qa', 'dealership'] as const;
export type RejectionSource = (typeof REJECTION_SOURCES)[number];
/** days `GET /dashboard/rejection-reasons` counts when `from` is left out */
export const REJECTION_REASONS_DEFAULT_DAYS = 30;

/** `GET /dashboard/rejection-reasons?from&to`: one row per style guide, source and reason. */
export interface RejectionReasonsRequest {
  /** counted from (ISO time; default 30 days ago) */
  from?: string;
  /** counted until (ISO time; default now) */
  to?: string;
}

