import { describe, expect, it } from 'vitest';
import { dueShardCount, dueShardKey, keys, shardOf } from '../../lib/table-design';
import {
  coveredOf,
  digestDueItem,
  isDigestDueItem,
  isPending,
  messageDecision,
  messageWindowMs,
  windowEnd,
} from './message-mails';

const W = 15 * 60_000;
const at = (minutes: number) =>
  new Date(Date.parse('2026-11-22T10:00:00.000Z') + minutes * 60_000).toISOString();
const message = (minutes: number, id = 'm') => ({
  SK: keys.message('tx', at(minutes), id).SK,
  createdAt: at(minutes),
});

describe('message mails: the window', () => {
  it('15 minutes × VELO_TIMER_SCALE', () => {
    expect(messageWindowMs({})).toBe(W);
    expect(messageWindowMs({ VELO_TIMER_SCALE: '0.002' })).toBe(1800);
  });

  it('the first message, or the first after a window with nothing pending, is mailed at once', () => {
    expect(messageDecision(undefined, message(0), W)).toBe('mail');
    const mailed = { lastAt: at(0), coveredThrough: message(0).SK };
    expect(messageDecision(mailed, message(15), W)).toBe('mail');
    // A digest was sent at the window's end (10:15): the next window runs to 10:30.
    const digested = { lastAt: at(15), coveredThrough: message(14).SK, batchedThrough: message(14).SK };
    expect(messageDecision(digested, message(30), W)).toBe('mail');
  });

  it('a message inside the window is batched', () => {
    const mailed = { lastAt: at(0), coveredThrough: message(0).SK };
    expect(messageDecision(mailed, message(1), W)).toBe('batch');
    expect(messageDecision(mailed, message(14.99), W)).toBe('batch');
    const digested = { lastAt: at(15), coveredThrough: message(14).SK, batchedThrough: message(14).SK };
    expect(messageDecision(digested, message(29), W)).toBe('batch');
  });

  it('after the window, still batched while a digest is pending (it goes first and takes it along)', () => {
    const pending = { lastAt: at(0), coveredThrough: message(0).SK, batchedThrough: message(5).SK };
    expect(isPending(pending)).toBe(true);
    expect(messageDecision(pending, message(20), W)).toBe('batch');
  });

  it('a message a mail covered sends nothing (a redelivered record), even long after', () => {
    const window = { lastAt: at(15), coveredThrough: message(14, 'b').SK };
    for (const covered of [message(0), message(14, 'a'), message(14, 'b')]) {
      expect(messageDecision(window, covered, W)).toBe('covered');
    }
    // Written before the window closed but not in its digest (stream lag): the next digest lists it.
    expect(messageDecision(window, message(14, 'c'), W)).toBe('batch');
  });

  it('a window of the old throttling (lastAt only) covered everything up to its mail', () => {
    const old = { lastAt: at(0) };
    expect(coveredOf(old)).toBe(`MSG#${at(0)}#~`);
    expect(messageDecision(old, message(0, 'f0e1'), W)).toBe('covered');
    expect(messageDecision(old, message(1), W)).toBe('batch');
    expect(messageDecision(old, message(15), W)).toBe('mail');
    expect(coveredOf(undefined)).toBe('');
  });

  it('pending: batched past covered; the window ends W after it began, or at the fallback', () => {
    expect(isPending(undefined)).toBe(false);
    expect(isPending({ lastAt: at(0), coveredThrough: message(3).SK, batchedThrough: message(3).SK })).toBe(
      false,
    );
    expect(isPending({ coveredThrough: `MSG#${at(3)}#`, batchedThrough: message(3).SK })).toBe(true);
    expect(windowEnd({ lastAt: at(0) }, at(99), W)).toBe(at(15));
    expect(windowEnd({ batchedThrough: message(3).SK }, at(3), W)).toBe(at(3));
  });
});

describe('message mails: the digest due item', () => {
  it('on the order’s DUE# shard, sorted by due time, one per conversation and recipient', () => {
    const item = digestDueItem('tx-1', 'seller-1', at(15));
    expect(item).toEqual({
      PK: dueShardKey(shardOf('tx-1', dueShardCount)),
      SK: `${at(15)}#tx-1#digest#seller-1`,
      entity: 'due',
      kind: 'digest',
      transactionId: 'tx-1',
      recipientId: 'seller-1',
      dueAt: at(15),
    });
    expect(item.PK).toBe(keys.due('tx-1', at(15), 'timer').PK);
    expect(digestDueItem('tx-1', 'buyer-1', at(15)).SK).not.toBe(item.SK);
    // The sweeper's Query: SK <= `<now ISO>~`.
    expect(item.SK <= `${at(15)}~`).toBe(true);
    expect(item.SK <= `${at(14.99)}~`).toBe(false);
    expect(isDigestDueItem(item)).toBe(true);
    expect(isDigestDueItem({ kind: 'reminder' })).toBe(false);
  });
});
