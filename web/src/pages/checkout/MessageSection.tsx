import { TextAreaField } from '../../forms/fields';

/** The optional first message to the seller (sent after the order is confirmed; its failure keeps the order). */
export function MessageSection({ pickup }: { pickup: boolean }) {
  return (
    <section className="checkout-section" aria-labelledby="checkout-message-title">
      <h2 id="checkout-message-title" className="checkout-section-title">
        Message to the seller
      </h2>
      <TextAreaField
        name="message"
        label="Message (optional)"
        hint={
          pickup
            ? 'Say hello, or suggest a time to collect it. The seller sees it with your order.'
            : 'Say hello, or ask the seller anything. They see it with your order.'
        }
        rows={4}
      />
    </section>
  );
}
