import { pages } from '../../../shared/pages';
import { TabNav, type TabNavTab } from './TabNav';

/**
 * The manage tabs (§2): your listings, profile settings, account settings. "Account settings"
 * opens contact details and stays current on every `/account` page.
 */
export const manageTabs: readonly TabNavTab[] = [
  { id: 'listings', label: 'Your listings', href: pages.manageListings },
  { id: 'profile-settings', label: 'Profile settings', href: pages.profileSettings },
  {
    id: 'account-settings',
    label: 'Account settings',
    href: pages.contactDetails,
    activePaths: [pages.accountSettings],
  },
];

/**
 * The bar of manage tabs at the top of the manage listings, profile settings and account settings
 * pages: a row, scrolling sideways up to 1023 px with the current tab in view.
 */
export function ManageTabs({
  current,
}: {
  /** Forces the current tab's id (e.g. in the styleguide); by default found from the location. */
  current?: string;
}) {
  return (
    <div className="manage-tabs">
      <TabNav tabs={manageTabs} label="Your account" orientation="horizontal" current={current} />
    </div>
  );
}
