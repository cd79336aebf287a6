import LinkValidationPage from '../../features/link-validation/components/link-validation-page.tsx';

/** link-health-and-routes.md §2.2 Link Validation (/admin/link-validation). */
export default function LinkValidationRoute() {
  return <LinkValidationPage />;
}
