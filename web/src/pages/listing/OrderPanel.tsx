import { Link, useNavigate } from '@tanstack/react-router';
import { type FormEvent, useId, useRef, useState, useSyncExternalStore } from 'react';
import type { Listing } from '../../../../shared/api/types';
import { deliveryMethods, isKeyOf } from '../../../../shared/config/listing-fields';
import { marketplaceCurrency } from '../../../../shared/config/marketplace';
import type { PurchaseBlock } from '../../../../shared/listings';
import { listingSlug, pages } from '../../../../shared/pages';
import { productOrderMessages } from '../../../../shared/validation/messages';
import { authStore, useCurrentUser } from '../../auth/store';
import { PriceText } from '../../components/ListingCard';
import { Modal } from '../../components/Modal';
import { useQueryModal } from '../../components/query-modal';
import { OrderEstimateLines } from './OrderEstimate';
import {
  checkoutHref,
  initialOrderValues,
  type OrderErrors,
  type OrderValues,
  orderBlock,
  orderChoices,
  validateOrder,
} from './order';
import '../../forms/forms.css';
import './order-panel.css';

/** The order panel becomes a bottom bar and a modal under 1024 px (§9). */
export const orderModalQuery = '(max-width: 1023px)';

function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/**
 * The order panel (§2): the product order form, or why there is none (closed, own listing, out of
 * stock). From 1024 px it sits beside the photos; below, a sticky bar with the price and "Buy now"
 * opens it as a modal through `?orderOpen=true`, and closing the modal removes the parameter.
 */
export function OrderPanel({ listing }: { listing: Listing }) {
  const viewer = useCurrentUser();
  const block = orderBlock(listing, viewer?.id);
  const modal = useQueryModal('orderOpen');
  const narrow = useMediaQuery(orderModalQuery);
  return (
    <>
      <section className="order-panel" aria-labelledby="order-panel-title">
        <h2 id="order-panel-title" className="order-panel-title">
          Buy this item
        </h2>
        <OrderPanelBody listing={listing} block={block} />
      </section>
      <div className="order-bar">
        <PriceText price={listing.price} className="price order-bar-price" />
        {block ? (
          <BlockedAction listing={listing} block={block} compact />
        ) : (
          <button type="button" className="button button-primary order-bar-button" onClick={modal.open}>
            Buy now
          </button>
        )}
      </div>
      {modal.isOpen && narrow ? (
        <Modal title="Buy this item" closeLabel="Close" onClose={modal.close} className="order-modal">
          <div className="order-modal-body">
            <p className="order-modal-listing">
              {listing.title} · <PriceText price={listing.price} />
            </p>
            <OrderPanelBody listing={listing} block={block} onLeave={modal.forget} />
          </div>
        </Modal>
      ) : null}
    </>
  );
}

function OrderPanelBody({
  listing,
  block,
  onLeave,
}: {
  listing: Listing;
  block: PurchaseBlock | undefined;
  onLeave?: () => void;
}) {
  if (block) return <BlockedAction listing={listing} block={block} />;
  return <ProductOrderForm listing={listing} {...(onLeave ? { onLeave } : {})} />;
}

/** What the panel shows instead of the form: the closed and no-stock buttons, the own-listing notice. */
function BlockedAction({
  listing,
  block,
  compact = false,
}: {
  listing: Listing;
  block: PurchaseBlock;
  compact?: boolean;
}) {
  if (block === 'own-listing') {
    return (
      <div className={compact ? 'order-blocked order-blocked-compact' : 'order-blocked order-own'}>
        {compact ? null : <p className="order-subtitle">{productOrderMessages.ownListing}</p>}
        <Link
          to={pages.editListing}
          params={{ slug: listingSlug(listing), id: listing.id, type: 'edit', tab: 'details' }}
          className="button button-secondary"
        >
          Edit listing
        </Link>
      </div>
    );
  }
  const [button, subtitle] =
    block === 'closed'
      ? ['Closed', 'This listing has been closed and can no longer be bought.']
      : block === 'out-of-stock'
        ? [productOrderMessages.outOfStock, 'This item is out of stock.']
        : ['Not available', 'This listing is not available right now.'];
  return (
    <div className={compact ? 'order-blocked order-blocked-compact' : 'order-blocked'}>
      {compact ? null : <p className="order-subtitle">{subtitle}</p>}
      <button type="button" className="button order-disabled-button" disabled>
        {button}
      </button>
    </div>
  );
}

/**
 * The product order form (§5): quantity 1…stock (fixed and hidden at stock 1), the delivery
 * method (one enabled method is preselected and shown as text; none: noDeliveryMethodSet), the
 * price with shipping and the total (issue 24), and "Buy now". A missing choice gets focus with its message; a complete order goes to checkout
 * (signed-out visitors to the login page first, coming back with `from`).
 */
function ProductOrderForm({ listing, onLeave }: { listing: Listing; onLeave?: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const { delivery, quantity } = orderChoices(listing);
  const [values, setValues] = useState<OrderValues>(() => initialOrderValues(listing));
  const [errors, setErrors] = useState<OrderErrors>({});
  const quantityRef = useRef<HTMLSelectElement>(null);
  const deliveryRef = useRef<HTMLSelectElement>(null);

  if (listing.price.currency !== marketplaceCurrency) {
    return <p className="order-subtitle">{productOrderMessages.listingCurrencyInvalid}</p>;
  }
  if (delivery.options.length === 0) {
    return <p className="order-subtitle">{productOrderMessages.noDeliveryMethodSet}</p>;
  }

  const update = (name: keyof OrderValues, value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    if (errors[name]) setErrors((previous) => ({ ...previous, [name]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateOrder(values, listing);
    setErrors(found);
    if (found.quantity) {
      quantityRef.current?.focus();
      return;
    }
    if (found.deliveryMethod) {
      deliveryRef.current?.focus();
      return;
    }
    if (!isKeyOf(deliveryMethods, values.deliveryMethod)) return;
    const href = checkoutHref(listing, {
      deliveryMethod: values.deliveryMethod,
      quantity: Number(values.quantity),
    });
    onLeave?.();
    if (authStore.get().status === 'anonymous') {
      void navigate({ to: pages.login, search: { from: href }, replace: Boolean(onLeave) });
    } else {
      void navigate({ href, replace: Boolean(onLeave) });
    }
  };

  const quantityId = `${id}-quantity`;
  const deliveryId = `${id}-delivery`;
  return (
    <form className="form order-form" noValidate onSubmit={onSubmit}>
      {quantity.fixed ? null : (
        <div className="field">
          <label htmlFor={quantityId}>Quantity</label>
          <select
            ref={quantityRef}
            id={quantityId}
            data-autofocus
            name="quantity"
            value={values.quantity}
            onChange={(event) => update('quantity', event.target.value)}
            aria-invalid={errors.quantity ? true : undefined}
            aria-describedby={errors.quantity ? `${quantityId}-error` : `${quantityId}-hint`}
          >
            <option value="">Choose quantity</option>
            {quantity.options.map((n) => (
              <option key={n} value={String(n)}>
                {n}
              </option>
            ))}
          </select>
          {errors.quantity ? (
            <p id={`${quantityId}-error`} className="field-error">
              {errors.quantity}
            </p>
          ) : (
            <p id={`${quantityId}-hint`} className="field-hint">
              {listing.currentStock} available
            </p>
          )}
        </div>
      )}
      {delivery.preselected ? (
        <p className="order-fixed-delivery">
          <span className="order-fixed-label">Delivery method:</span> {deliveryMethods[delivery.preselected]}
        </p>
      ) : (
        <div className="field">
          <label htmlFor={deliveryId}>Delivery method</label>
          <select
            ref={deliveryRef}
            id={deliveryId}
            data-autofocus={quantity.fixed ? true : undefined}
            name="deliveryMethod"
            value={values.deliveryMethod}
            onChange={(event) => update('deliveryMethod', event.target.value)}
            aria-invalid={errors.deliveryMethod ? true : undefined}
            aria-describedby={errors.deliveryMethod ? `${deliveryId}-error` : undefined}
          >
            <option value="">Choose delivery method</option>
            {delivery.options.map((method) => (
              <option key={method} value={method}>
                {deliveryMethods[method]}
              </option>
            ))}
          </select>
          {errors.deliveryMethod ? (
            <p id={`${deliveryId}-error`} className="field-error">
              {errors.deliveryMethod}
            </p>
          ) : null}
        </div>
      )}
      <OrderEstimateLines listing={listing} values={values} />
      <button
        type="submit"
        className="button button-primary order-submit"
        data-autofocus={quantity.fixed && delivery.preselected ? true : undefined}
      >
        Buy now
      </button>
    </form>
  );
}
