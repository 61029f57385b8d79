import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, listingApi, searchApi } from './helpers';
import { initiateUnpaidOrder } from './order-helpers';
import { signUpNewUser } from './payments-helpers';
import { apiAsUser } from './selling-helpers';

// Where a listing ships (issue 24): the seeded Cinelli in Berlin ships within Germany only
// (infra/local/seed/catalogue.ts). Its page says so; a French address is refused at checkout by the
// page and by the API with the same message.

const refusal = 'This seller does not ship to France. They ship to Germany.';
const paris = {
  recipientName: 'Chloé Cyclist',
  recipientAddressLine1: '12 Rue Oberkampf',
  recipientCity: 'Paris',
  recipientPostal: '75011',
  recipientCountry: 'FR',
};

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  test(`a Germany-only listing refuses a French address (${viewport.width} px)`, async ({
    page,
    request,
  }) => {
    // Signed up at the desktop size (the helper waits for the desktop account menu), then resized.
    await signUpNewUser(page, 'Chloé', { missingInformationSeen: true });
    await page.setViewportSize(viewport);
    const found = await searchApi(request, '?keywords=cinelli%20vigorelli');
    const listing = await listingApi(request, found.data[0]!.id);
    expect(listing.publicData.shipsTo).toEqual({ scope: 'seller-country' });

    await page.goto(`/l/${listing.slug}/${listing.id}`);
    await expect(page.getByText('Ships to Germany').first()).toBeVisible();

    await page.goto(`/l/${listing.slug}/${listing.id}/checkout?deliveryMethod=shipping&quantity=1`);
    const shipping = page.getByRole('group', { name: 'Shipping address' });
    await expect(shipping.getByText('The seller ships to Germany.')).toBeVisible();
    await shipping.getByLabel('Country').focus();
    await shipping.getByLabel('Country').selectOption('FR');
    await shipping.getByLabel('Street address').focus();
    await expect(shipping.getByLabel('Country')).toHaveAccessibleDescription(refusal);
    await expectNoAxeViolations(page);

    // The API refuses it too, for a price and for an order: 400 with the message, nothing reserved.
    const orderData = {
      deliveryMethod: 'shipping' as const,
      stockReservationQuantity: 1,
      shippingDetails: paris,
    };
    const priced = await apiAsUser<{ errors: { code: string; title: string }[] }>(
      page,
      'POST',
      '/transaction-line-items',
      { listingId: listing.id, orderData },
    );
    const ordered = await initiateUnpaidOrder(page, listing.id, orderData);
    for (const answer of [priced, ordered]) {
      expect(answer.status).toBe(400);
      expect(answer.body.errors[0]).toMatchObject({ code: 'validation-invalid-params', title: refusal });
    }
    expect((await listingApi(request, listing.id)).currentStock).toBe(listing.currentStock);
  });
}
