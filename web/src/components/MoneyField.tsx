import { useField } from 'react-final-form';
import { marketplaceCurrency } from '../../../shared/config/marketplace';
import { formatMoneyInput, type Money, parseMoneyInput } from '../../../shared/money';
import type { Validator } from '../../../shared/validation/core';
import { moneyInputValidator } from '../../../shared/validation/inputs';
import { FieldFrame } from '../forms/fields';
import './choice-fields.css';

/**
 * A money input (§5) for react-final-form: the form keeps the text as typed (so a failed save
 * keeps it), comma or dot decimals; `moneyText` turns it into Money on submit. The currency is the
 * marketplace's (USD), shown beside the box.
 */

/** The text a money field starts with: the amount in major units ("10.50"), or empty. */
export function moneyFieldText(money: Money | null | undefined): string {
  return money ? formatMoneyInput(money) : '';
}

/** The Money a valid money field's text stands for (null when empty or not an amount). */
export function moneyOfText(text: unknown, currency: string = marketplaceCurrency): Money | null {
  if (typeof text !== 'string') return null;
  const parsed = parseMoneyInput(text, currency);
  return parsed.ok ? parsed.value : null;
}

/**
 * A validator of a money field's text: first the money input's rules (negative, not divisible,
 * unsafe, garbage), then `moneyValidator` on the parsed Money (null when empty), e.g. the price's.
 */
export function moneyTextValidator(
  moneyValidator: Validator<unknown>,
  currency: string = marketplaceCurrency,
): Validator<unknown> {
  const textValidator = moneyInputValidator(currency);
  return (value) => {
    const text = typeof value === 'string' ? value : '';
    return textValidator(text) ?? moneyValidator(moneyOfText(text, currency));
  };
}

export function MoneyField({
  name,
  label,
  hint,
  validate,
  required,
  currency = marketplaceCurrency,
}: {
  name: string;
  label: string;
  hint?: string;
  validate?: Validator<unknown>;
  required?: boolean;
  currency?: string;
}) {
  const { input, meta } = useField<string>(name, validate ? { validate } : {});
  const serverError =
    typeof meta.submitError === 'string' && !meta.dirtySinceLastSubmit ? meta.submitError : undefined;
  const message = meta.touched ? ((meta.error as string | undefined) ?? serverError) : undefined;
  return (
    <FieldFrame
      label={label}
      hint={hint}
      message={message}
      className="money-field"
      control={(ids) => (
        <div className="money-input">
          <input
            {...input}
            {...ids}
            value={input.value ?? ''}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            aria-required={required ? true : undefined}
          />
          <span className="money-input-currency" aria-hidden="true">
            {currency}
          </span>
        </div>
      )}
    />
  );
}
