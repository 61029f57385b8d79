import { Link, useNavigate } from '@tanstack/react-router';
import { FORM_ERROR } from 'final-form';
import { useEffect, useRef, useState } from 'react';
import { Form, useField } from 'react-final-form';
import type { Listing } from '../../../../shared/api/types';
import { pages } from '../../../../shared/pages';
import { Modal } from '../../components/Modal';
import { FieldFrame, FormError, SubmitButton } from '../../forms/fields';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { userDisplayName } from '../../lib/users';
import { reportError } from '../../observability/errors';
import { type EnquiryDeps, type EnquiryValues, sendEnquiry, validateEnquiry } from './enquiry';
import '../../components/dialog.css';
import '../../forms/forms.css';
import './contact-seller.css';

/** What the modal needs of the listing: the listing page passes its Listing, the profile's chooser a summary and the profile. */
export type ContactListing = Pick<Listing, 'id' | 'title' | 'author'>;

/**
 * The contact modal: the message (required, §5), "Send message" with its progress, a failure that
 * keeps the text. When the enquiry was made but the message failed, the modal stays open with
 * "Failed to send" (§8) and a link to the enquiry; sending again only sends the message.
 */
export function ContactSellerModal({
  listing,
  deps,
  onClose,
  initialError,
  initialTransactionId,
}: {
  listing: ContactListing;
  deps: EnquiryDeps;
  onClose: () => void;
  /** Tests: a failure to show. */
  initialError?: string;
  initialTransactionId?: string;
}) {
  const navigate = useNavigate();
  const checkoutKey = useRef(newIdempotencyKey());
  const [transactionId, setTransactionId] = useState<string | undefined>(initialTransactionId);
  const busy = useRef(false);
  const onSubmit = async (values: EnquiryValues) => {
    busy.current = true;
    const result = await sendEnquiry(
      {
        listingId: listing.id,
        checkoutKey: checkoutKey.current,
        content: values.message ?? '',
        transactionId,
      },
      deps,
    );
    busy.current = false;
    if (result.ok) {
      void navigate({ to: pages.orderDetails, params: { id: result.transactionId } });
      return undefined;
    }
    reportError(new Error(result.message), 'enquiry-failed');
    if (result.transactionId) setTransactionId(result.transactionId);
    return { [FORM_ERROR]: result.message };
  };
  const seller = userDisplayName(listing.author);
  return (
    <Modal
      title="Contact the seller"
      closeLabel="Close"
      onClose={() => !busy.current && onClose()}
      className="centered-dialog contact-modal"
    >
      <p className="contact-modal-listing">
        Ask {seller} about <strong>{listing.title}</strong>. Your message starts a conversation you can keep
        on the enquiry page, and you can buy the item from there.
      </p>
      <Form<EnquiryValues>
        onSubmit={onSubmit}
        validate={validateEnquiry}
        // submitError too: without it the render never sees a failure, and the modal said nothing.
        subscription={{ submitting: true, submitError: true }}
      >
        {({ handleSubmit, submitting, submitError, form }) => (
          <form
            className="form contact-form"
            noValidate
            onSubmit={async (event) => {
              await handleSubmit(event);
              if (form.getState().hasValidationErrors) document.getElementById('contact-message')?.focus();
            }}
          >
            <MessageField />
            <FormError error={initialError ?? submitError} />
            {transactionId && (initialError ?? submitError) ? (
              <p className="field-hint">
                Your enquiry was started.{' '}
                <Link to={pages.orderDetails} params={{ id: transactionId }}>
                  Go to the enquiry
                </Link>
              </p>
            ) : null}
            <div className="dialog-actions">
              <SubmitButton
                inProgress={submitting}
                progressLabel="Sending…"
                className="button button-primary"
              >
                Send message
              </SubmitButton>
              <button
                type="button"
                className="button button-secondary"
                disabled={submitting}
                onClick={onClose}
              >
                Cancel
              </button>
            </div>
          </form>
        )}
      </Form>
    </Modal>
  );
}

function MessageField() {
  const { input, meta } = useField<string>('message', {
    subscription: { value: true, error: true, touched: true },
  });
  const message = meta.touched ? (meta.error as string | undefined) : undefined;
  const ref = useRef<HTMLTextAreaElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <FieldFrame
      id="contact-message"
      label="Message"
      hint="For example: is it still available, what size is it, can I pick it up?"
      message={message}
      control={(ids) => (
        <textarea
          {...input}
          {...ids}
          ref={ref}
          data-autofocus
          rows={5}
          value={input.value ?? ''}
          aria-required
        />
      )}
    />
  );
}
