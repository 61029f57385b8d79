import { expect, type Page, test } from '@playwright/test';
import type { PublicReview, UserReviewsMeta } from '../../shared/api/transactions';
import { expectNoAxeViolations } from './helpers';
import {
  confirmAndPay,
  demoListing,
  fillCard,
  fillShippingAddress,
  markShipped,
  sellerPage,
  startCheckout,
} from './order-helpers';
import { signUpNewUser } from './payments-helpers';

/**
 * Issue 9's reviews (runs after the other specs: it buys demo stock). A new buyer buys one of the
 * demo seller Maya's items (one no other journey buys), Maya ships, the buyer receives; both leave
 * a review on their page (the buyer first: pending until Maya has reviewed too); the reviews then
 * show on the listing page (seller reviews) and on both profile pages with the right average.
 */
test.describe.configure({ mode: 'serial' });
test.setTimeout(180_000);

const title = 'ENVE M7 carbon 29" wheels on Industry Nine Hydra hubs';

async function reviewsOf(page: Page, userId: string, type: 'ofProvider' | 'ofCustomer') {
  const response = await page.request.get(`/api/users/${userId}/reviews?type=${type}`);
  return (await response.json()) as { data: PublicReview[]; meta: UserReviewsMeta };
}

function summaryText(ratings: number[]): string {
  const average = Math.round((ratings.reduce((sum, r) => sum + r, 0) / ratings.length) * 10) / 10;
  const shown = Number.isInteger(average) ? String(average) : average.toFixed(1);
  return `${shown} out of 5 · ${ratings.length} ${ratings.length === 1 ? 'review' : 'reviews'}`;
}

/** Waits (reloading) until the page offers the review: the order enters completed right after received. */
async function openReviewForm(page: Page) {
  const main = page.getByRole('main');
  await expect(async () => {
    await page.reload();
    await expect(main.getByRole('button', { name: 'Leave a review' })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
  await main.getByRole('button', { name: 'Leave a review' }).click();
  return main.getByRole('form', { name: 'Leave a review' });
}

test('buyer and seller review each other; the reviews show on the listing and both profiles', async ({
  page,
  browser,
}) => {
  const listing = await demoListing(page, title);
  const sellerId = listing.author.id;
  const sellerRatingsBefore = (await reviewsOf(page, sellerId, 'ofProvider')).data.map((r) => r.rating);

  // The buyer buys it by simulated card, shipped.
  await signUpNewUser(page, 'Rhea', { missingInformationSeen: true });
  await startCheckout(page, listing);
  await fillShippingAddress(page, 'Rhea Cyclist');
  await fillCard(page, 'Rhea Cyclist');
  const transactionId = await confirmAndPay(page);
  const main = page.getByRole('main');
  await expect(main.getByText('Waiting for delivery').first()).toBeVisible();

  // The seller ships.
  const seller = await sellerPage(browser);
  await markShipped(seller, transactionId, '1Z999AA10123456785');
  const sale = seller.getByRole('main');

  // The buyer receives, then reviews: the §5 messages first, focus on the first; axe on the form.
  await page.reload();
  await main.getByRole('button', { name: 'Mark received' }).click();
  await expect(main.getByText('Waiting for review').first()).toBeVisible({ timeout: 15_000 });
  const buyerForm = await openReviewForm(page);
  await buyerForm.getByRole('button', { name: 'Send review' }).click();
  await expect(buyerForm.getByText('Rating is required.')).toBeVisible();
  await expect(buyerForm.getByText('You need to add a message to leave a review.')).toBeVisible();
  await expect(buyerForm.getByRole('radio', { name: '1 star' })).toBeFocused();
  await expectNoAxeViolations(page);
  await buyerForm.getByRole('radio', { name: '5 stars' }).check({ force: true });
  const buyerText = 'Wheels exactly as described, packed with care. Thanks Maya!';
  await buyerForm.getByLabel('Your review').fill(buyerText);
  await buyerForm.getByRole('button', { name: 'Send review' }).click();
  const ownReviews = main.getByRole('region', { name: 'Reviews' });
  await expect(ownReviews.getByText(buyerText)).toBeVisible({ timeout: 15_000 });
  await expect(
    ownReviews.getByText(
      /Your review will be published when .+ has reviewed too, or when the review period ends\./,
    ),
  ).toBeVisible();
  await expect(main.getByRole('button', { name: 'Leave a review' })).toHaveCount(0);

  // The seller reviews second (review-1 is refused as already reviewed; review-2 goes through).
  const sellerForm = await openReviewForm(seller);
  await sellerForm.getByRole('radio', { name: '4 stars' }).check({ force: true });
  const sellerText = 'Quick payment and friendly messages. Recommended buyer.';
  await sellerForm.getByLabel('Your review').fill(sellerText);
  await sellerForm.getByRole('button', { name: 'Send review' }).click();
  const saleReviews = sale.getByRole('region', { name: 'Reviews' });
  await expect(saleReviews.getByText(sellerText)).toBeVisible({ timeout: 15_000 });
  await expect(saleReviews.getByText(buyerText)).toBeVisible();
  await expect(sale.getByText('Completed').first()).toBeVisible();
  const buyerProfileHref = await sale.getByRole('link', { name: /Rhea/ }).first().getAttribute('href');
  expect(buyerProfileHref).toMatch(/^\/u\//);
  await seller.context().close();

  // The listing page: the seller's reviews with the average (loaded after the page).
  const sellerSummary = summaryText([...sellerRatingsBefore, 5]);
  await page.goto(`/l/${listing.slug}/${listing.id}`);
  const listingReviews = page.getByRole('region', { name: 'Reviews' });
  await listingReviews.scrollIntoViewIfNeeded();
  await expect(listingReviews.getByText(buyerText)).toBeVisible({ timeout: 15_000 });
  await expect(listingReviews.getByText(sellerSummary)).toBeVisible();
  await expect(listingReviews.getByRole('link', { name: /Rhea/ }).first()).toBeVisible();

  // Maya's profile: as a seller, with the buyer's review.
  await page.goto(`/u/${sellerId}`);
  const sellerGroup = page.getByRole('region', { name: 'As a seller' });
  await expect(sellerGroup.getByText(buyerText)).toBeVisible({ timeout: 15_000 });
  await expect(sellerGroup.getByText(sellerSummary)).toBeVisible();

  // The buyer's profile: as a buyer, Maya's review, 4 out of 5.
  await page.goto(buyerProfileHref!);
  const buyerGroup = page.getByRole('region', { name: 'As a buyer' });
  await expect(buyerGroup.getByText(sellerText)).toBeVisible({ timeout: 15_000 });
  await expect(buyerGroup.getByText('4 out of 5 · 1 review')).toBeVisible();
  await expect(buyerGroup.getByRole('img', { name: 'Rated 4 out of 5 stars' }).first()).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'As a seller' }).getByText(/has no reviews as a seller yet/),
  ).toBeVisible();
  await expectNoAxeViolations(page);
});
