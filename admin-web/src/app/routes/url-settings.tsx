import UrlSettingsPage from '../../features/url-settings/components/url-settings-page.tsx';

/** link-health-and-routes.md §2.4 URL Settings (/admin/url-settings). */
export default function UrlSettingsRoute() {
  return <UrlSettingsPage />;
}
