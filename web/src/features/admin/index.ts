import { createElement } from 'react';
import { Navigate } from 'react-router-dom';

export { AnglesScreen, AppSettingsScreen, AppVersionsScreen, BannersScreen, CarTypesScreen, TagsScreen } from './AdminListScreens';
export { StyleGuideBuilderPage } from './style-guide-builder/StyleGuideBuilderPage';
export { StyleGuidesScreen } from './StyleGuidesScreen';
export { DeliveryQueueScreen } from './DeliveryQueueScreen';

/** `/admin` opens the style guides tab. */
export function AdminRedirect() {
  return createElement(Navigate, { to: '/admin/style-guides-v2', replace: true });
}
