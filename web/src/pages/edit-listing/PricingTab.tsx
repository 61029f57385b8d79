import type { FormApi } from 'final-form';
import {
  listingPriceLimits,
  marketplaceCurrency,
  payoutCurrencyNote,
} from '../../../../shared/config/marketplace';
import { messages } from '../../../../shared/errors/catalogue';
import { formatMoney } from '../../../../shared/money';
import { parseInteger } from '../../../../shared/validation/core';
import { priceValidator, stockValidator } from '../../../../shared/validation/listing';
import { errorCode } from '../../api/errors';
import { getOwnListing, type OwnListing, setListingStock } from '../../api/own-listings';
import { MoneyField, moneyFieldText, moneyOfText, moneyTextValidator } from '../../components/MoneyField';
import { TextField } from '../../forms/fields';
import { FORM_ERROR, TabForm, tabSubmitErrors } from './tab-form';
import type { EditListingTabProps } from './tab-props';
import { isTabComplete } from './wizard';

interface Values {
  price: string;
  stock: string;
}

const validatePrice = moneyTextValidator(priceValidator());
const maximumPriceShown = formatMoney({
  amount: listingPriceLimits.maximumMinor,
  currency: marketplaceCurrency,
});

/**
 * The form's values: empty for a draft whose pricing was never saved (a new draft holds price 0 and
 * stock 0 as placeholders, and a "0" there reads as a choice the seller made, issue 24), the
 * listing's price and stock otherwise.
 */
export function pricingInitialValues(listing: OwnListing | undefined): Values {
  if (!listing || !isTabComplete('pricing', listing)) return { price: '', stock: '' };
  return {
    price: moneyFieldText(listing.price),
    stock: String(listing.currentStock),
  };
}

/**
 * The pricing tab (§2, §5): the price in the marketplace currency and the stock. The stock is
 * written with a compare-and-set from the stock the page loaded; when someone changed it meanwhile
 * (409 old-total-mismatch) the tab says the stock is out of sync and shows the server's stock.
 */
export function PricingTab(props: EditListingTabProps) {
  const { listing, save, onListingChange } = props;
  const onSave = async (values: Values, form: FormApi<Values>) => {
    const price = moneyOfText(values.price);
    const newTotal = parseInteger(values.stock) ?? 0;
    let saved: OwnListing;
    try {
      saved = price ? await save({ price }) : (listing as OwnListing);
    } catch (error) {
      return tabSubmitErrors(error, ['price', 'stock']);
    }
    // The stock the page showed: the listing as loaded (a draft the first save just made has 0).
    const oldTotal = listing?.currentStock ?? saved.currentStock;
    if (newTotal !== oldTotal || saved.currentStock !== oldTotal) {
      try {
        onListingChange(await setListingStock(saved.id, { oldTotal, newTotal }));
      } catch (error) {
        if (errorCode(error) === 'old-total-mismatch') {
          try {
            const fresh = await getOwnListing(saved.id);
            onListingChange(fresh);
            form.change('stock', String(fresh.currentStock));
          } catch {
            // The message already asks to refresh the page.
          }
          return { [FORM_ERROR]: messages.stockOutOfSync };
        }
        return tabSubmitErrors(error, ['price', 'stock'], { oldTotal: 'stock', newTotal: 'stock' });
      }
    }
    return undefined;
  };

  return (
    <TabForm tab={props} initialValues={pricingInitialValues} onSave={onSave}>
      <p className="form-aside pricing-currency-note">{payoutCurrencyNote}</p>
      <MoneyField
        name="price"
        label="Price (USD)"
        hint={`The price of one item, up to ${maximumPriceShown}. Use a dot or a comma for cents, for example 450 or 449.99.`}
        validate={validatePrice}
        required
      />
      <TextField
        name="stock"
        label="Stock"
        inputMode="numeric"
        hint="How many of this item you have for sale."
        validate={stockValidator}
        autoComplete="off"
        required
      />
    </TabForm>
  );
}
