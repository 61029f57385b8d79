import { describe, expect, it } from 'vitest';
import { disputeEvidence, disputeOf, disputeReasons } from '../config/disputes';
import { disputePhotoProblem, validateDispute } from './disputes';
import { disputeMessages } from './messages';

const valid = { disputeReason: 'damaged', disputeDetails: '', photoCount: 0 };

describe('validateDispute', () => {
  it('accepts each reason of the list, with details optional except for "other"', () => {
    for (const { id } of disputeReasons.filter((reason) => reason.id !== 'other')) {
      expect(validateDispute({ ...valid, disputeReason: id })).toEqual({});
    }
    expect(validateDispute({ ...valid, disputeReason: 'other', disputeDetails: 'Wrong colour' })).toEqual({});
  });

  it('refuses a missing or unknown reason with the spec message (§5 "Dispute: reason required")', () => {
    for (const reason of [undefined, '', '  ', 'broken', 'The item is not as described']) {
      expect(validateDispute({ ...valid, disputeReason: reason }).disputeReason).toBe(
        disputeMessages.reasonRequired,
      );
    }
  });

  it('requires details for "other" (blank counts as none)', () => {
    expect(validateDispute({ ...valid, disputeReason: 'other', disputeDetails: ' \n ' }).disputeDetails).toBe(
      disputeMessages.detailsRequired,
    );
  });

  it('caps details at 5000 characters', () => {
    expect(validateDispute({ ...valid, disputeDetails: 'x'.repeat(5000) })).toEqual({});
    expect(validateDispute({ ...valid, disputeDetails: 'x'.repeat(5001) }).disputeDetails).toBe(
      disputeMessages.reasonTooLong,
    );
  });

  it('allows up to six photos, not seven', () => {
    expect(validateDispute({ ...valid, photoCount: 6 })).toEqual({});
    expect(validateDispute({ ...valid, photoCount: 7 }).photoCount).toBe('You can add at most 6 photos.');
  });
});

describe('disputePhotoProblem', () => {
  it('accepts JPEG and PNG up to 20 MB', () => {
    expect(disputePhotoProblem({ type: 'image/jpeg', size: disputeEvidence.maxUploadBytes })).toBeUndefined();
    expect(disputePhotoProblem({ type: 'IMAGE/PNG', size: 1 })).toBeUndefined();
  });

  it('refuses other types and larger files', () => {
    expect(disputePhotoProblem({ type: 'image/gif', size: 10 })).toBe(disputeMessages.wrongPhotoType);
    expect(disputePhotoProblem({ type: 'application/pdf', size: 10 })).toBe(disputeMessages.wrongPhotoType);
    expect(disputePhotoProblem({ type: 'image/png', size: disputeEvidence.maxUploadBytes + 1 })).toBe(
      disputeMessages.photoTooBig,
    );
  });
});

describe('disputeOf', () => {
  it('reads a dispute with a reason, details and photos', () => {
    expect(
      disputeOf({
        disputeReason: 'damaged',
        disputeDetails: 'Bent rim',
        disputePhotos: [{ id: 'a' }, { id: 'b' }],
      }),
    ).toEqual({
      reason: 'damaged',
      reasonLabel: 'The item arrived damaged',
      details: 'Bent rim',
      photoIds: ['a', 'b'],
    });
  });

  it('reads an older free-text reason as "other" with that text as details', () => {
    expect(disputeOf({ disputeReason: 'Never came' })).toEqual({
      reason: 'other',
      reasonLabel: 'Something else',
      details: 'Never came',
      photoIds: [],
    });
  });

  it('is undefined without a dispute', () => {
    expect(disputeOf({})).toBeUndefined();
  });
});
