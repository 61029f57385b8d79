import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../../../shared/api/account';
import { ShippingAddressForm, savedAddressOf } from './ShippingAddressForm';

const user = { id: 'u1', firstName: 'Lena', lastName: 'Huber' } as CurrentUser;
const address = {
  recipientName: 'Lena Huber',
  recipientAddressLine1: 'Torstraße 1',
  recipientCity: 'Berlin',
  recipientPostal: '10119',
  recipientCountry: 'DE',
};

describe('the saved shipping address on the contact details page', () => {
  it('shows the saved address with save and remove', () => {
    const html = renderToString(<ShippingAddressForm user={{ ...user, shippingAddress: address }} />);
    expect(html).toContain('Shipping address');
    expect(html).toContain('value="Torstraße 1"');
    expect(html).toContain('value="10119"');
    expect(html).toContain('Save shipping address');
    expect(html).toContain('Remove the address');
  });

  it('offers no removal without an address', () => {
    const html = renderToString(<ShippingAddressForm user={user} />);
    expect(html).toContain('Save shipping address');
    expect(html).not.toContain('Remove the address');
  });

  it('sends the trimmed address without empty optional fields', () => {
    expect(
      savedAddressOf({
        ...address,
        recipientCity: ' Berlin ',
        recipientAddressLine2: ' ',
        recipientState: '',
      }),
    ).toEqual(address);
  });
});
