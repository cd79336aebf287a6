import type { QueryClient } from '@tanstack/react-query';
import { getRulesQueryOptions } from '../../features/url-settings/api/url-settings-queries.ts';
import UrlSettingsPage from '../../features/url-settings/components/url-settings-page.tsx';
import { signedInLoader } from '../signed-in-loader.ts';

/** The cleaning rules. */
export const clientLoader = (queryClient: QueryClient) =>
  signedInLoader(() => void queryClient.prefetchQuery(getRulesQueryOptions()));

/** link-health-and-routes.md §2.4 URL Settings (/admin/url-settings). */
export default function UrlSettingsRoute() {
  return <UrlSettingsPage />;
}
