import { type APIRequestContext, expect, type Page } from '@playwright/test';
import type { Listing, ListingSummary, Page as ResultPage } from '../../shared/api/types';

/** Listing cards: links that hold a heading (pagination links do not). */
export function listingCards(page: Page, scope = page.getByRole('main')) {
  return scope.getByRole('link').filter({ has: page.getByRole('heading') });
}

export function topBarSearchBox(page: Page) {
  return page.getByRole('banner').getByRole('searchbox', { name: 'Search listings' });
}

export async function searchApi(request: APIRequestContext, query = ''): Promise<ResultPage<ListingSummary>> {
  const response = await request.get(`/api/listings${query}`);
  expect(response.ok()).toBe(true);
  return response.json();
}

export async function listingApi(request: APIRequestContext, id: string): Promise<Listing> {
  const response = await request.get(`/api/listings/${id}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: Listing }).data;
}
