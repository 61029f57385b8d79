import { route } from '../../../../shared/api/routes';
import type { Role } from '../../../../shared/process/graph';
import { callApi, type RequestOptions } from '../../api/client';

/**
 * The inbox's rules (spec §2, §6 "Inbox: orders and sales tabs, 10 per page"), without React. The
 * router imports this module, so it stays tiny: no labels, no transaction client.
 */
export const inboxTabs = ['orders', 'sales'] as const;
export type InboxTab = (typeof inboxTabs)[number];

/** `/inbox/{tab}`: only orders and sales; anything else is rejected (not found). */
export function isInboxTab(tab: string): tab is InboxTab {
  return (inboxTabs as readonly string[]).includes(tab);
}

/** The transactions query's `only` of a tab. */
export function inboxOnly(tab: InboxTab): 'order' | 'sale' {
  return tab === 'orders' ? 'order' : 'sale';
}

/** The caller's role in every row of a tab: customer in orders, provider in sales. */
export function inboxRole(tab: InboxTab): Role {
  return tab === 'orders' ? 'customer' : 'provider';
}

/** Where a row leads: the order page for the customer, the sale page for the provider. */
export function transactionHref(id: string, role: Role): string {
  return `/${role === 'customer' ? 'order' : 'sale'}/${encodeURIComponent(id)}/details`;
}

/** `/inbox` opens the sales tab for a user with listings, else orders. */
export function inboxIndexTab(hasListings: boolean): InboxTab {
  return hasListings ? 'sales' : 'orders';
}

/**
 * The tab `/inbox` opens, from the current user's has-listings flag (`GET /api/me`: at least one
 * listing that is not a draft; not the first own listing, which a new draft would hide).
 * When the flag cannot be read: the sales tab (the spec's "goes to the sales tab"), where the
 * seller's notifications are.
 */
export async function loadInboxIndexTab(options?: RequestOptions): Promise<InboxTab> {
  try {
    const me = await callApi(route('me'), options);
    return inboxIndexTab(me.data.hasListings === true);
  } catch {
    return 'sales';
  }
}
