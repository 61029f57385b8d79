/** Runs a checkout's submit steps (steps.ts) with their provider calls (provider-steps.ts). */
import { checkoutFailure } from './failures';
import { runStep } from './provider-steps';
import type { CheckoutDeps, CheckoutOrder, CheckoutRun, CheckoutStep } from './steps';

/** Steps whose failure keeps the order (it has been paid and confirmed). */
const afterOrderSteps: readonly CheckoutStep[] = ['save-card', 'message'];

/**
 * Runs the steps not done yet, in order, reporting each change. A failed step stops the run with its
 * §8 message, except the card save and the message, which only warn (the order is kept). Running a
 * stopped run again repeats from the failed step: after "payment made but not confirmed" only
 * confirm-payment (and what follows) runs again, with the same order and the same checkout key.
 */
export async function runCheckout(
  start: CheckoutRun,
  order: CheckoutOrder,
  deps: CheckoutDeps,
  onChange: (run: CheckoutRun) => void = () => undefined,
): Promise<CheckoutRun> {
  const now = () => (deps.now ? deps.now() : Date.now());
  let run: CheckoutRun = { ...start, status: { ...start.status } };
  delete run.failure;
  const update = (patch: Partial<CheckoutRun>) => {
    run = { ...run, ...patch, status: { ...run.status, ...patch.status } };
    onChange(run);
  };
  for (const step of run.steps) {
    if (run.status[step] === 'done') continue;
    update({ status: { [step]: 'running' } });
    try {
      const patch = await runStep(step, run, order, deps);
      update({ ...patch, status: { [step]: 'done' } });
      if (step === 'confirm-payment' && run.transactionId) deps.onOrderMade?.(run.transactionId);
    } catch (error) {
      // §8: a failure to place the order (initiate, or request-payment-after-enquiry) is reported.
      if (step === 'initiate') deps.reportError?.(error, 'initiate-order-failed');
      const failure = checkoutFailure(step, error, { initiatedAt: run.initiatedAt, now: now() });
      if (afterOrderSteps.includes(step)) {
        update({ status: { [step]: 'failed' }, warnings: [...run.warnings, failure] });
        continue;
      }
      update({ status: { [step]: 'failed' }, failure });
      return run;
    }
  }
  update({ completed: true });
  return run;
}
