import { useId, useRef, useState } from 'react';
import type { StripeAccountView } from '../../../../shared/api/payments';
import { payoutCountry } from '../../../../shared/config/payout-countries';
import type { CardProvider } from '../card-provider';
import { PayoutForm } from './PayoutForm';
import { SafeStatusBox } from './PayoutStatusBox';
import type { HeadingTag, LinkType } from './types';

/**
 * A connected account: its status box, the saved country and the last digits of the bank account,
 * which can be changed (the payout form, for the bank account only).
 */
export function ConnectedAccount({
  account,
  provider,
  H,
  onSaved,
  onLink,
  linkInProgress,
}: {
  account: StripeAccountView;
  provider: CardProvider;
  H: HeadingTag;
  onSaved: (account: StripeAccountView) => void;
  onLink: (linkType: LinkType) => void;
  linkInProgress: boolean;
}) {
  const [changing, setChanging] = useState(false);
  const [changed, setChanged] = useState(false);
  const countryName = payoutCountry(account.country)?.name ?? account.country;
  const changeButton = useRef<HTMLButtonElement>(null);
  const detailsId = useId();
  return (
    <>
      {/* While the bank account is being changed, its Save is the one primary button. */}
      <SafeStatusBox
        account={account}
        H={H}
        onLink={onLink}
        inProgress={linkInProgress}
        secondary={changing}
      />
      <section className="payout-details" aria-labelledby={detailsId}>
        <H id={detailsId}>Bank account</H>
        <dl className="payout-summary">
          <div>
            <dt>Country</dt>
            <dd>{countryName}</dd>
          </div>
          <div>
            <dt>Bank account</dt>
            <dd>
              {account.bankAccountLast4 ? (
                <>
                  <span aria-hidden="true">•••• </span>
                  <span className="visually-hidden">ending in </span>
                  {account.bankAccountLast4}
                </>
              ) : (
                '—'
              )}
            </dd>
          </div>
        </dl>
        <div role="status" className="form-status">
          {changed && !changing ? <p className="form-success">Your bank account has been changed.</p> : null}
        </div>
        {changing ? (
          <PayoutForm
            provider={provider}
            H={H}
            update={{ country: account.country, accountType: account.accountType }}
            onSaved={(next) => {
              setChanging(false);
              setChanged(true);
              onSaved(next);
            }}
            onCancel={() => {
              setChanging(false);
              requestAnimationFrame(() => changeButton.current?.focus());
            }}
          />
        ) : (
          <button
            ref={changeButton}
            type="button"
            className="button button-secondary"
            onClick={() => {
              setChanged(false);
              setChanging(true);
            }}
          >
            Change bank account
          </button>
        )}
      </section>
    </>
  );
}
