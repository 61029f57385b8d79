import { useId } from 'react';
import type { StripeAccountView } from '../../../../shared/api/payments';
import { messages } from '../../../../shared/errors/catalogue';
import { type StatusBox, statusBoxOf } from '../status-box';
import type { HeadingTag, LinkType } from './types';

/**
 * The status box (§4) of an account, with its button to the provider: the primary one, unless a
 * form beside it is being filled (`secondary`), whose submit is then the one primary button.
 */
export function PayoutStatusBox({
  box,
  H,
  onLink,
  inProgress,
  secondary = false,
}: {
  box: StatusBox;
  H: HeadingTag;
  onLink: (linkType: LinkType) => void;
  inProgress: boolean;
  secondary?: boolean;
}) {
  const titleId = useId();
  return (
    <section className={`payout-status payout-status-${box.tone}`} aria-labelledby={titleId}>
      <H id={titleId} className="payout-status-title">
        {box.title}
      </H>
      <p>{box.text}</p>
      {box.action ? (
        <button
          type="button"
          className={secondary ? 'button button-secondary' : 'button button-primary'}
          disabled={inProgress}
          aria-busy={inProgress}
          onClick={() => box.action && onLink(box.action.linkType)}
        >
          {inProgress ? (
            <>
              <span className="button-spinner" aria-hidden="true" />
              Redirecting…
            </>
          ) : (
            box.action.label
          )}
        </button>
      ) : null}
    </section>
  );
}

/** The status box of a loaded account: an unknown status is an error, none yet means under review. */
export function SafeStatusBox(props: {
  account: StripeAccountView;
  H: HeadingTag;
  onLink: (linkType: LinkType) => void;
  inProgress: boolean;
  secondary?: boolean;
}) {
  let box: StatusBox | undefined;
  try {
    box = statusBoxOf(props.account);
  } catch {
    return (
      <p className="form-error" role="alert">
        {messages.somethingWentWrong}
      </p>
    );
  }
  if (!box) {
    return (
      <p className="payout-status payout-status-attention" role="status">
        The payment processor is reviewing your details. Check back soon.
      </p>
    );
  }
  return (
    <PayoutStatusBox
      box={box}
      H={props.H}
      onLink={props.onLink}
      inProgress={props.inProgress}
      secondary={props.secondary ?? false}
    />
  );
}
