import { type CardBrand, cardBrands, isCardBrand } from '../../../shared/config/card-brands';

/**
 * Saved-card brand icons (§3: amex, diners, discovery, jcb, mastercard, unionpay, visa), small
 * inline SVGs named for assistive technology; any other brand gets a generic card.
 */

/** The accessible name of a brand key ('Visa', 'Mastercard'…; 'Card' when unknown). */
export function cardBrandName(brand: string): string {
  return isCardBrand(brand) ? cardBrands[brand] : 'Card';
}

interface BrandArt {
  background: string;
  mark: (key: CardBrand) => React.ReactNode;
}

const text = (label: string, color = '#fff', size = 9) => (
  <text
    x="24"
    y="19.5"
    textAnchor="middle"
    fontFamily="Arial, Helvetica, sans-serif"
    fontWeight="700"
    fontSize={size}
    fill={color}
  >
    {label}
  </text>
);

const art: Record<CardBrand, BrandArt> = {
  visa: { background: '#1a1f71', mark: () => text('VISA', '#fff', 11) },
  mastercard: {
    background: '#252525',
    mark: () => (
      <>
        <circle cx="19" cy="16" r="8" fill="#eb001b" />
        <circle cx="29" cy="16" r="8" fill="#f79e1b" fillOpacity="0.9" />
      </>
    ),
  },
  amex: { background: '#2e77bc', mark: () => text('AMEX', '#fff', 10) },
  diners: {
    background: '#fff',
    mark: () => (
      <>
        <circle cx="24" cy="16" r="9" fill="none" stroke="#0079be" strokeWidth="2.5" />
        <rect x="22.5" y="9" width="3" height="14" fill="#0079be" />
      </>
    ),
  },
  discovery: {
    background: '#fff',
    mark: () => (
      <>
        {text('DISC', '#231f20', 8)}
        <circle cx="40" cy="16" r="4" fill="#f47216" />
      </>
    ),
  },
  jcb: { background: '#0b4ea2', mark: () => text('JCB', '#fff', 11) },
  unionpay: { background: '#d10429', mark: () => text('UnionPay', '#fff', 8) },
};

export function CardBrandIcon({
  brand,
  className = 'card-brand-icon',
}: {
  brand: string;
  className?: string;
}) {
  const name = cardBrandName(brand);
  const known = isCardBrand(brand) ? art[brand] : undefined;
  return (
    <svg
      className={className}
      role="img"
      aria-label={name}
      width="48"
      height="32"
      viewBox="0 0 48 32"
      focusable="false"
    >
      <rect
        x="0.5"
        y="0.5"
        width="47"
        height="31"
        rx="4"
        fill={known?.background ?? '#f1f1f1'}
        stroke="#b8b8b8"
      />
      {known && isCardBrand(brand) ? (
        known.mark(brand)
      ) : (
        <>
          <rect x="0.5" y="8" width="47" height="5" fill="#6b6b6b" />
          <rect x="6" y="20" width="16" height="4" rx="1" fill="#9a9a9a" />
        </>
      )}
    </svg>
  );
}
