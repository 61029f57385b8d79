import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PayoutStatusBox } from './onboarding/PayoutStatusBox';
import {
  accountLinkUrls,
  returnKind,
  returnLinkType,
  statusBox,
  statusBoxOf,
  UnknownStatusBoxTypeError,
} from './status-box';

describe('payout status box', () => {
  it('maps the three types, with the account link button where needed', () => {
    expect(statusBox('verificationNeeded')).toMatchObject({
      title: 'Payout details: more information needed',
      action: { label: 'Complete verification', linkType: 'account_onboarding' },
    });
    expect(statusBox('verificationSuccess').title).toBe('Your account is ready for payouts');
    expect(statusBox('verificationSuccess').action).toBeUndefined();
    expect(statusBox('verificationError').action?.linkType).toBe('account_update');
  });

  it('treats any other type as an error', () => {
    expect(() => statusBox('verificationPending')).toThrow(UnknownStatusBoxTypeError);
    expect(() => statusBox(undefined)).toThrow(UnknownStatusBoxTypeError);
    expect(statusBoxOf({})).toBeUndefined();
  });

  it('renders the box with a heading and the button', () => {
    const html = renderToStaticMarkup(
      <PayoutStatusBox
        box={statusBox('verificationNeeded')}
        H="h2"
        onLink={() => undefined}
        inProgress={false}
      />,
    );
    expect(html).toContain('more information needed</h2>');
    expect(html).toContain('>Complete verification</button>');
    expect(html).toContain('class="button button-primary"');
  });

  it('steps its button back to a secondary one while a form beside it has the primary', () => {
    const html = renderToStaticMarkup(
      <PayoutStatusBox
        box={statusBox('verificationError')}
        H="h3"
        onLink={() => undefined}
        inProgress={false}
        secondary
      />,
    );
    expect(html).toContain('class="button button-secondary"');
    expect(html).not.toContain('button-primary');
  });
});

describe('the way back from the provider', () => {
  it('knows success, failure, none and unknown', () => {
    expect(returnKind(undefined)).toBe('none');
    expect(returnKind('success')).toBe('success');
    expect(returnKind('failure')).toBe('failure');
    expect(returnKind('elsewhere')).toBe('unknown');
  });

  it('builds the link URLs from the base path', () => {
    expect(accountLinkUrls('https://velo.example', '/account/payments')).toEqual({
      successURL: 'https://velo.example/account/payments/success',
      failureURL: 'https://velo.example/account/payments/failure',
    });
    expect(accountLinkUrls('http://localhost:3000', '/l/bike/abc/draft/payouts/').failureURL).toBe(
      'http://localhost:3000/l/bike/abc/draft/payouts/failure',
    );
  });

  it('goes back to onboarding, or to an update for a verified or failed account', () => {
    expect(returnLinkType(null)).toBe('account_onboarding');
    expect(returnLinkType({ status: 'verificationNeeded' })).toBe('account_onboarding');
    expect(returnLinkType({ status: 'verificationError' })).toBe('account_update');
  });
});
