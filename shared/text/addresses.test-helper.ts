import type { ShippingAddressValues } from '../validation/addresses';

/** A shipping address in London for the tests of the places that show one (pages, e-mails). */
export const londonAddress: ShippingAddressValues = {
  recipientName: 'Ann Smith',
  recipientPhoneNumber: '+44 20 7946 0958',
  recipientAddressLine1: '10 Downing Street',
  recipientCity: 'London',
  recipientPostal: 'SW1A 2AA',
  recipientCountry: 'GB',
};
