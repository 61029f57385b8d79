import { useEffect, useId, useState } from 'react';
import type { SavedCard } from '../../../../../shared/api/payments';
import { deletePaymentMethod } from '../../../api/payment-methods';
import { useCurrentUser } from '../../../auth/store';
import { CardBrandIcon } from '../../../components/CardBrandIcon';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Spinner } from '../../../components/Loading';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { reportError } from '../../../observability/errors';
import { type CardProvider, getCardProvider } from '../../../payments/card-provider';
import { updateStoredPayments } from '../../../payments/stored-payments';
import { CardSetupForm } from './CardSetupForm';
import { cardExpiryLabel, cardLabel, showsExpiredWarning } from './card-rules';
import '../payments/payments.css';

/**
 * Payment methods [auth] (§2, §4): the saved card (brand icon, last four, expiry; an expired one
 * warns), a menu to keep it as the default or replace it with a new card, and deleting it through
 * a confirmation modal. Without a card: why to add one, and the card form.
 */

/** Updates the saved card in the current user of the store. */
function storeSavedCard(card: SavedCard | undefined) {
  updateStoredPayments((payments) => {
    const next = { ...payments };
    if (card) next.defaultPaymentMethod = card;
    else delete next.defaultPaymentMethod;
    return next;
  });
}

/** The deployment's card provider client (null: publishable key missing). */
function useCardProvider(): { provider: CardProvider | null; loaded: boolean } {
  const [state, setState] = useState<{ provider: CardProvider | null; loaded: boolean }>({
    provider: null,
    loaded: false,
  });
  useEffect(() => {
    let active = true;
    getCardProvider().then(
      (provider) => active && setState({ provider, loaded: true }),
      (error: unknown) => {
        reportError(error, 'card-provider-failed');
        if (active) setState({ provider: null, loaded: true });
      },
    );
    return () => {
      active = false;
    };
  }, []);
  return state;
}

function SavedCardSummary({ card }: { card: SavedCard }) {
  const expired = showsExpiredWarning(card);
  return (
    <div className="saved-card">
      <CardBrandIcon brand={card.brand} />
      <div>
        <p className="saved-card-label">{cardLabel(card)}</p>
        <p className={expired ? 'saved-card-expiry saved-card-expired' : 'saved-card-expiry'}>
          {cardExpiryLabel(card)}
        </p>
      </div>
    </div>
  );
}

function DeleteCardModal({
  card,
  onClose,
  onDeleted,
}: {
  card: SavedCard;
  onClose: () => void;
  onDeleted: () => void;
}) {
  return (
    <ConfirmDialog
      title="Delete the saved card?"
      confirmLabel="Delete card"
      busyLabel="Deleting card…"
      failureMessage="Deleting the card failed. Please try again."
      errorTag="delete-payment-method-failed"
      action={deletePaymentMethod}
      onDone={onDeleted}
      onClose={onClose}
    >
      <p>{cardLabel(card)} will be removed from your account. You can add a card again at any time.</p>
    </ConfirmDialog>
  );
}

function SavedCardMenu({
  card,
  provider,
  onSaved,
  onDeleted,
}: {
  card: SavedCard;
  provider: CardProvider | null;
  onSaved: (card: SavedCard) => void;
  onDeleted: () => void;
}) {
  const name = useId();
  const [choice, setChoice] = useState<'keep' | 'replace'>(() =>
    showsExpiredWarning(card) ? 'replace' : 'keep',
  );
  const [confirmDelete, setConfirmDelete] = useState(false);
  const expired = showsExpiredWarning(card);
  return (
    <section aria-labelledby="saved-card-title" className="payment-methods-section">
      <h2 id="saved-card-title">Your saved card</h2>
      <SavedCardSummary card={card} />
      {expired ? (
        <p className="notice notice-warning" role="alert">
          Your saved card has expired. Replace it with a valid card to keep paying with it.
        </p>
      ) : null}
      <fieldset className="saved-card-menu">
        <legend>Default payment method</legend>
        <label className="radio-option">
          <input
            type="radio"
            name={name}
            value="keep"
            checked={choice === 'keep'}
            onChange={() => setChoice('keep')}
          />
          Keep {cardLabel(card)} as the default
        </label>
        <label className="radio-option">
          <input
            type="radio"
            name={name}
            value="replace"
            checked={choice === 'replace'}
            onChange={() => setChoice('replace')}
          />
          Replace the card
        </label>
      </fieldset>
      {choice === 'replace' ? (
        <CardSetupForm
          provider={provider}
          submitLabel="Save new card"
          onSaved={(saved) => {
            setChoice('keep');
            onSaved(saved);
          }}
        />
      ) : null}
      <p>
        <button type="button" className="button button-light" onClick={() => setConfirmDelete(true)}>
          Delete card
        </button>
      </p>
      {confirmDelete ? (
        <DeleteCardModal
          card={card}
          onClose={() => setConfirmDelete(false)}
          onDeleted={() => {
            setConfirmDelete(false);
            onDeleted();
          }}
        />
      ) : null}
    </section>
  );
}

export function PaymentMethodsPage() {
  useDocumentTitle('Payment methods');
  const user = useCurrentUser();
  const { provider, loaded } = useCardProvider();
  const [status, setStatus] = useState<string>('');
  const card = user?.payments?.defaultPaymentMethod;
  const onSaved = (saved: SavedCard) => {
    storeSavedCard(saved);
    setStatus(`${cardLabel(saved)} is now your default card.`);
  };
  const onDeleted = () => {
    storeSavedCard(undefined);
    setStatus('Your card was deleted.');
  };
  return (
    <div className="payment-methods-page">
      <h1>Payment methods</h1>
      <p className="payments-status" role="status">
        {status}
      </p>
      {!user || !loaded ? (
        <Spinner />
      ) : card ? (
        <SavedCardMenu
          key={card.stripePaymentMethodId}
          card={card}
          provider={provider}
          onSaved={onSaved}
          onDeleted={onDeleted}
        />
      ) : (
        <section aria-labelledby="no-card-title" className="payment-methods-section">
          <h2 id="no-card-title">No saved card</h2>
          <p>
            You have no saved card yet. Save one to pay faster at checkout: it is kept by our payment
            provider, and we only see its brand, last four digits and expiry date.
          </p>
          <CardSetupForm provider={provider} submitLabel="Save card" onSaved={onSaved} />
        </section>
      )}
    </div>
  );
}
