/**
 * admin.md §2 Admin shell: the sidebar's entries in the spec's order, and the title the header
 * shows while a section is open. Paths are relative to the /admin basename.
 */
export interface Section {
  path: string;
  label: string;
  title: string;
  superAdminOnly?: boolean;
}

export const SECTIONS: readonly Section[] = [
  { path: '/', label: 'Dashboard', title: 'Dashboard' },
  { path: '/posts', label: 'Posts', title: 'Post Management' },
  { path: '/celebrities', label: 'Celebrities', title: 'Celebrity Management' },
  { path: '/shows', label: 'Shows', title: 'Shows Management' },
  { path: '/support', label: 'Support', title: 'Support Requests' },
  { path: '/link-validation', label: 'Link Validation', title: 'Link Validation Results' },
  { path: '/url-settings', label: 'URL Settings', title: 'URL Cleaning Rules' },
  { path: '/accounts', label: 'Accounts', title: 'Admin Accounts', superAdminOnly: true },
  // Beyond the spec's sections: after them, so their order stays the spec's.
  { path: '/audit-log', label: 'Audit Log', title: 'Audit Log' },
  { path: '/import', label: 'Import', title: 'Import Posts' },
];

/** The section a location belongs to (its first path segment); undefined for an unknown path. */
export function sectionOf(pathname: string): Section | undefined {
  const first = `/${pathname.split('/').filter(Boolean)[0] ?? ''}`;
  return SECTIONS.find((section) => section.path === first);
}
