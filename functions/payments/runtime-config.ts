import type { PaymentsRuntimeConfig } from '../../shared/api/payments';
import { paypalRuntimeConfig } from './paypal/runtime-config';
import { stripeRuntimeConfig } from './stripe/runtime-config';

/** `/config.json` → `payments` (CDK app and local cloud): simulated providers unless their keys are set. */
export function paymentsRuntimeConfig(env: NodeJS.ProcessEnv = process.env): PaymentsRuntimeConfig {
  return { stripe: stripeRuntimeConfig(env), paypal: paypalRuntimeConfig(env) };
}
