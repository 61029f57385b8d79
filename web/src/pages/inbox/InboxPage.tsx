import { getRouteApi, Link } from '@tanstack/react-router';
import type { TransactionRow } from '../../../../shared/api/transactions';
import { messages } from '../../../../shared/errors/catalogue';
import { formatMoney } from '../../../../shared/money';
import { pagePath, pages } from '../../../../shared/pages';
import type { Role } from '../../../../shared/process/graph';
import { isRelevantForInbox, needsAction, statusLabel } from '../../../../shared/process/labels';
import { useCurrentUser } from '../../auth/store';
import { Avatar } from '../../components/Avatar';
import { DateLabel, deadlineDayText } from '../../components/DateLabel';
import { Spinner } from '../../components/Loading';
import { PaginationLinks } from '../../components/Pagination';
import { RetryNotice } from '../../components/RetryNotice';
import { TabNav, type TabNavTab } from '../../components/TabNav';
import { useDocumentTitle } from '../../lib/useDocumentTitle';
import { useLoaded } from '../../lib/useLoaded';
import { userDisplayName } from '../../lib/users';
import { salesNeedActionText, useSaleNotificationCount } from '../../state/use-notifications';
import { type InboxTab, inboxRole, isInboxTab, transactionHref } from './inbox';
import './inbox-page.css';

const route = getRouteApi('/signed-in/inbox/$tab');

const tabTitles: Record<InboxTab, string> = { orders: 'Orders', sales: 'Sales' };

/** "No orders found." / "No sales found." (the spec gives no wording; the product template's). */
export const emptyTexts: Record<InboxTab, string> = {
  orders: 'No orders found.',
  sales: 'No sales found.',
};

/** A pause for screen readers between the parts of a row's link (invisible on screen). */
function Pause() {
  return <span className="visually-hidden">, </span>;
}

/** One order or sale: the whole row is a link to its order or sale page. */
export function InboxRow({ row, forRole: role }: { row: TransactionRow; forRole: Role }) {
  const action = needsAction(row.state, role);
  return (
    <li className={action ? 'inbox-row inbox-row-action' : 'inbox-row'}>
      {/* The router builds the location from `href`; `to` only satisfies the types (as in TabNav). */}
      <Link to="." href={transactionHref(row.id, role)} className="inbox-row-link">
        <Avatar user={row.otherParty} size="small" />
        <span className="inbox-row-main">
          <span className="inbox-row-name">{userDisplayName(row.otherParty)}</span>
          <Pause />
          <span className="inbox-row-title">{row.listing.title}</span>
        </span>
        <Pause />
        <span className="inbox-row-meta">
          <span className="inbox-row-state">
            {action ? (
              <>
                <span className="inbox-row-action-dot" aria-hidden="true" />
                <span className="visually-hidden">Needs your action: </span>
              </>
            ) : null}
            {statusLabel(
              { state: row.state, deliveryMethod: row.deliveryMethod, deadline: row.deadline },
              role,
              deadlineDayText,
            )}
          </span>
          {row.refund ? (
            <>
              <Pause />
              <span className="inbox-row-refund">{`Refunded ${formatMoney(row.refund.amount)}`}</span>
            </>
          ) : null}
          <Pause />
          <DateLabel className="inbox-row-date" date={row.lastTransitionedAt} />
        </span>
      </Link>
    </li>
  );
}

function InboxTabs({ tab }: { tab: InboxTab }) {
  const count = useSaleNotificationCount(useCurrentUser()?.id);
  const tabs: TabNavTab[] = [
    { id: 'orders', label: tabTitles.orders, href: pagePath('inbox', { tab: 'orders' }) },
    {
      id: 'sales',
      label: count ? (
        <>
          {tabTitles.sales}
          <span className="inbox-tab-dot" aria-hidden="true" />
          <span className="visually-hidden">, {salesNeedActionText(count)}</span>
        </>
      ) : (
        tabTitles.sales
      ),
      href: pagePath('inbox', { tab: 'sales' }),
    },
  ];
  return <TabNav tabs={tabs} label="Inbox" current={tab} className="inbox-tabs" />;
}

function InboxList({ tab }: { tab: InboxTab }) {
  const { rows } = route.useLoaderData();
  const { page } = route.useSearch();
  const loaded = useLoaded(rows);
  const role = inboxRole(tab);
  if (!loaded) {
    return (
      <div aria-busy="true">
        <Spinner label={tab === 'orders' ? 'Loading your orders…' : 'Loading your sales…'} />
      </div>
    );
  }
  if (!loaded.ok) return <RetryNotice message={messages.oopsSomethingWentWrong} />;
  const { data, meta } = loaded.value;
  const visible = data.filter((row) => isRelevantForInbox(row.state));
  if (visible.length === 0) {
    return meta.totalItems > 0 && (page ?? 1) > 1 ? (
      <p className="inbox-empty">
        This page is empty.{' '}
        <Link to={pages.inbox} params={{ tab }}>
          Go to the first page
        </Link>
      </p>
    ) : (
      <p className="inbox-empty">{emptyTexts[tab]}</p>
    );
  }
  return (
    <>
      <ul className="inbox-list">
        {visible.map((row) => (
          <InboxRow key={row.id} row={row} forRole={role} />
        ))}
      </ul>
      <PaginationLinks
        page={page ?? 1}
        totalPages={meta.totalPages}
        label={`${tabTitles[tab]} pages`}
        renderLink={(target, props) => (
          <Link
            to={pages.inbox}
            params={{ tab }}
            search={{ page: target > 1 ? target : undefined }}
            activeOptions={{ exact: true, includeSearch: true }}
            {...props}
          />
        )}
      />
    </>
  );
}

/** `/inbox`: its route sends the visitor on to a tab before this shows; a spinner meanwhile. */
export function InboxIndexPage() {
  useDocumentTitle('Inbox');
  return (
    <div className="page inbox-page">
      <Spinner label="Opening your inbox…" />
    </div>
  );
}

/**
 * The inbox (§2 InboxPage, §6): the orders (customer) and sales (provider) tabs, 10 a page, newest
 * first. Each row shows the other party, the listing, the state's label for the role and the date
 * of the last transition, and leads to the order or sale page. An unknown tab never gets here (the
 * route answers not found).
 */
export function InboxPage() {
  const { tab: param } = route.useParams();
  const tab: InboxTab = isInboxTab(param) ? param : 'orders';
  useDocumentTitle(`${tabTitles[tab]} | Inbox`);
  return (
    <div className="page inbox-page">
      <h1>Inbox</h1>
      <InboxTabs tab={tab} />
      <section className="inbox-panel" aria-labelledby="inbox-panel-title">
        <h2 id="inbox-panel-title" className="visually-hidden">
          {tabTitles[tab]}
        </h2>
        <InboxList tab={tab} />
      </section>
    </div>
  );
}
