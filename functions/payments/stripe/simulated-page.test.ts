import { describe, expect, it } from 'vitest';
import type { HttpEvent } from '../../lib/http';
import { formOf } from './simulated-page';

const posted = (body: string, type: string) =>
  ({ body, headers: { 'content-type': type } }) as unknown as HttpEvent;

describe("formOf (the simulated Stripe page's form)", () => {
  it('reads a form and a JSON body alike', () => {
    expect(formOf(posted('account=acct_1&action=submit', 'application/x-www-form-urlencoded'))).toEqual({
      account: 'acct_1',
      action: 'submit',
    });
    expect(formOf(posted('{"account":"acct_1","action":"leave"}', 'application/json'))).toEqual({
      account: 'acct_1',
      action: 'leave',
    });
  });

  it('keeps only the text fields of a JSON body, as a form has nothing else', () => {
    const form = formOf(
      posted('{"account":{"toString":"x"},"link":["l"],"action":"submit","n":1}', 'application/json'),
    );
    expect(form).toEqual({ action: 'submit' });
    expect(() => String(form.account ?? '')).not.toThrow();
  });
});
