import { describe, expect, it } from 'vitest';
import { messages } from '../../../../shared/errors/catalogue';
import { ApiRequestError } from '../../api/client';
import { FORM_ERROR, tabSubmitErrors } from './tab-form';

const invalid = (fields: Record<string, string>) =>
  new ApiRequestError(400, {
    errors: [{ id: '1', status: 400, code: 'validation-invalid-params', title: 'Invalid', meta: { fields } }],
  });

describe('tabSubmitErrors', () => {
  it("shows the API's field messages on the tab's fields, under the tab's names", () => {
    expect(tabSubmitErrors(invalid({ title: 'You need to add a name.' }), ['title'])).toEqual({
      title: 'You need to add a name.',
    });
    expect(
      tabSubmitErrors(invalid({ location: 'Not recognised' }), ['pickupLocation'], {
        location: 'pickupLocation',
      }),
    ).toEqual({ pickupLocation: 'Not recognised' });
  });

  it('puts messages for fields the tab does not have, and other failures, above the form', () => {
    expect(tabSubmitErrors(invalid({ other: 'Nope' }), ['title'])).toEqual({ [FORM_ERROR]: 'Nope' });
    expect(tabSubmitErrors(new ApiRequestError(500, null), ['title'])).toEqual({
      [FORM_ERROR]: messages.somethingWentWrong,
    });
    expect(tabSubmitErrors(new ApiRequestError(0, null), ['title'])).toEqual({
      [FORM_ERROR]: messages.topbarNetworkError,
    });
  });
});
