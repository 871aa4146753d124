/**
 * The answers of the HTTP operations, as the services build them and the web app reads them:
 * each is declared once, as a schema class of `libs/contracts/src/http/schemas` (its decorators
 * write the OpenAPI document), and named here as a type. Type-only: the wire modules of values
 * and requests import nothing from the schemas, which import their constants from them.
 */

// app-settings
/** One setting as every signed-in user reads it: the value is text, `valueType` says how to read it. */
export type { AppSettingView } from '../http/schemas/users.schemas';

// app-versions
export type { AppVersionView } from '../http/schemas/users.schemas';

// auth
import type { NewPasswordChallenge, SignedInResult, TokenPairResult } from '../http/schemas/auth.schemas';
export type { NewPasswordChallenge, TokenPairResult } from '../http/schemas/auth.schemas';

/** `POST /auth/refresh`: a new pair (the refresh token given is spent) */
export type TokenPair = TokenPairResult;

/** `POST /auth/login` and `/auth/new-password` when signed in */
export type SignedIn = SignedInResult;


/** `POST /auth/login` */
export type LoginAnswer = SignedIn | NewPasswordChallenge;

export function isChallenge(answer: LoginAnswer): answer is NewPasswordChallenge {
  return 'challenge' in answer;
}

// banners
export type { BannerView } from '../http/schemas/users.schemas';

// dashboard
export type {
  UserStatisticsView,
  PeriodCount,
  DealershipOrderStatisticsView,
  SalesManOrdersRow,
  OrdersPerSalesManView,
  DealershipOrdersRow,
  OrdersByDealershipView,
  DeviceStatisticsView,
  AppVersionCount,
  AppVersionStatisticsView,
  QaUserOrdersRow,
  QaTagOrdersRow,
  QaActivitiesView,
  OrderStatisticsPerPeriodView,
  ImageStatisticsPerPeriodView,
  OrderTimelineRow,
  OrderTimelineView,
  AverageImagesPerCarView,
  OrdersByStatusRow,
  OrdersByStatusView,
  InactiveUserRow,
  InactiveUsersView,
  StyleGuideOrdersRow,
  OrdersPerStyleGuideView,
  ImageRatioRow,
  ImageRatioView,
  DayEventsRow,
  TotalEventsView,
  FlawlessOrdersView,
  QaServiceLevelRow,
  QaServiceLevelsView,
} from '../http/schemas/dashboard.schemas';

// delivery-queue
export type {
  DeliveryMessageView,
  DeliveredFileView,
  DeliveryReceiptView,
  OrderDeliveryView,
  RobotAckView,
  AvailableCountView,
  RobotCredentialView,
  RebootView,
  RobotImageView,
  RobotMessageView,
  RobotPullView,
} from '../http/schemas/delivery.schemas';

// health
export type { HealthResponse as HealthView, SegmentationHealth as SegmentationHealthView, ServiceState } from '../http/schemas/health.schemas';

// image-versions
/** The views (a version, its author, the test pipeline's answers), declared as the HTTP contract's schema classes. */
export type { ImageVersionAuthor, ImageVersionView, TestPipelineResult, TestPipelineRunView } from '../http/schemas/images.schemas';

// images
export type { DownloadResult, ImagesDeletedResult, ImageView, SignedUploadResult, UrlResult } from '../http/schemas/images.schemas';

// integrations
export type { IntegrationView, ProviderView } from '../http/schemas/users.schemas';

// integrations
/** How an integration's files are made; the class of the HTTP contract declares it (`OutputRulesView`). */
export type { OutputRulesView as OutputRules } from '../http/schemas/users.schemas';

// integrations
/** Answer of `POST /remote-integration/{id}/test-connection`. */
export type { TestConnectionView as TestConnectionResult } from '../http/schemas/users.schemas';

// media
export type { CreateMediaResult, MediaView } from '../http/schemas/style-guides.schemas';

// media360
/** the views, declared as the HTTP contract's schema classes */
export type { Media360FrameUpload, Media360SignedUploadResult, Media360View } from '../http/schemas/media360.schemas';

// orders
export type { OrderListItem, OrderPersonRef, OrderView } from '../http/schemas/orders.schemas';

// permissions
export type { PermissionView } from '../http/schemas/users.schemas';

// push
export type { DeviceTokenView, PushNotificationView } from '../http/schemas/mobile.schemas';

// qa-workspace
/** The QA work lists' views, declared once as the response schema classes of the HTTP contract. */
export type { QaTaskView, QaWorkListRow, QaWorkLists } from '../http/schemas/qa-workspace.schemas';

// re-edit-requests
/** The views (a picture's latest request, one request of the order's list), declared as the HTTP contract's schema classes. */
export type { ReEditRequester, ReEditRequestSummary, ReEditRequestView } from '../http/schemas/images.schemas';

// re-edit-requests
export type { RejectionReasonRow } from '../http/schemas/dashboard.schemas';

// sales-people
export type { SalesPersonView } from '../http/schemas/users.schemas';

// style-guides
export type {
  AngleName,
  AngleView,
  CarTypeView,
  ConfigurationAngle,
  ConfigurationView,
  StyleGuideListItem,
  StyleGuideMedia,
  StyleGuideView,
} from '../http/schemas/style-guides.schemas';

// tags
/** Declared once, as the response schema class of the HTTP contract. */
export type { TagView } from '../http/schemas/orders.schemas';

// users
export type {
  AddressView,
  ChildAccountView,
  ContactPersonView,
  CustomerListItem,
  MeView,
  UserDetailView,
  UserListItem,
  UserView,
} from '../http/schemas/users.schemas';

// videos
/** the views, declared as the HTTP contract's schema classes */
export type { VideoSignedUploadResult, VideoView } from '../http/schemas/images.schemas';

// delivery-queue
import type { DeliveryMessageView } from '../http/schemas/delivery.schemas';
/** The list of spec section 7: `[items, count]`. */
export type DeliveryMessagePage = [DeliveryMessageView[], number];
