import { Link, Outlet } from '@tanstack/react-router';
import { useDocumentTitle } from '../lib/useDocumentTitle';
import './account-pages.css';

/** Account settings [auth] (§2): side tabs contact details, password, payments; the page beside them. */
export function AccountSettingsLayout() {
  return (
    <div className="page account-layout">
      <nav className="side-tabs" aria-label="Account settings">
        <ul>
          <li>
            <Link to="/account/contact-details" className="side-tab">
              Contact details
            </Link>
          </li>
          <li>
            <Link to="/account/change-password" className="side-tab">
              Password
            </Link>
          </li>
          <li>
            <Link to="/account/payments" className="side-tab">
              Payments
            </Link>
          </li>
        </ul>
      </nav>
      <div className="account-content">
        <Outlet />
      </div>
    </div>
  );
}

/** `/account/payments`: payout details arrive with the payments issue; until then, a short note. */
export function PaymentsPlaceholderPage() {
  useDocumentTitle('Payments');
  return (
    <>
      <h1>Payments</h1>
      <p>Payout details and saved payment methods will be managed here soon.</p>
    </>
  );
}
