import { Outlet } from '@tanstack/react-router';
import { pages } from '../../../../shared/pages';
import { ManageTabs } from '../../components/ManageTabs';
import { TabNav, type TabNavTab } from '../../components/TabNav';
import './account-pages.css';

/** The account settings side tabs (§2): contact details, password, payments. */
export const accountSettingsTabs: readonly TabNavTab[] = [
  { id: 'contact-details', label: 'Contact details', href: pages.contactDetails },
  { id: 'password', label: 'Password', href: pages.passwordChange },
  {
    id: 'payments',
    label: 'Payments',
    href: pages.stripePayout,
    // Payout details, PayPal and saved payment methods all sit under this tab.
    activePaths: [pages.stripePayout, pages.paypalSettings, pages.paymentMethods],
  },
];

/**
 * Account settings [auth] (§2): the manage tabs on top, then the side tabs (a scrolling row up to
 * 1023 px) and the page beside them.
 */
export function AccountSettingsLayout() {
  return (
    <>
      <ManageTabs />
      <div className="page account-layout">
        <TabNav
          tabs={accountSettingsTabs}
          label="Account settings"
          orientation="vertical"
          className="side-tabs"
        />
        <div className="account-content">
          <Outlet />
        </div>
      </div>
    </>
  );
}
