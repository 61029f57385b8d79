/**
 * The stable deploy name of every Lambda handler, by its module path under functions/ (without .ts).
 * CDK derives the construct ids of each function, its log group and its stream mappings from this
 * name, never from the path (infra/lambda-bundling.ts): moving a module changes its key here and
 * keeps its name, so a deployment updates the function in place instead of replacing it, deleting
 * its logs and re-creating its stream mappings (which would replay 24 h of mails and finance
 * events). A new handler gets a new name; a name is never changed or reused.
 * tests/infra/logical-ids.test.ts holds the deployed logical ids to this.
 */
export const handlerDeployNames: Readonly<Record<string, string>> = {
  'accounts/http/change-password': 'AuthChangePassword',
  'accounts/http/confirm-password-reset': 'AuthConfirmPasswordReset',
  'accounts/http/create-user-with-idp': 'AuthCreateUserWithIdp',
  'accounts/http/request-password-reset': 'AuthRequestPasswordReset',
  'accounts/http/send-verification-email': 'AuthSendVerificationEmail',
  'accounts/http/signup': 'AuthSignup',
  'accounts/http/verify-email': 'AuthVerifyEmail',
  'accounts/cognito-triggers/create-auth-challenge': 'CognitoTriggersCreateAuthChallenge',
  'accounts/cognito-triggers/custom-message': 'CognitoTriggersCustomMessage',
  'accounts/cognito-triggers/define-auth-challenge': 'CognitoTriggersDefineAuthChallenge',
  'accounts/cognito-triggers/pre-sign-up': 'CognitoTriggersPreSignUp',
  'accounts/cognito-triggers/pre-token-generation': 'CognitoTriggersPreTokenGeneration',
  'accounts/cognito-triggers/verify-auth-challenge': 'CognitoTriggersVerifyAuthChallenge',
  'accounts/scheduled/remove-unverified': 'AccountsRemoveUnverified',
  'content/http/get-asset': 'ContentGetAsset',
  'orders/finance/ledger': 'EventsFinanceLedger',
  'accounts/http/track-event': 'KlaviyoTrackEvent',
  'accounts/http/update-profile': 'KlaviyoUpdateProfile',
  'listings/http/images/add': 'ListingImagesAdd',
  'listings/http/images/create-upload': 'ListingImagesCreateUpload',
  'listings/http/images/remove': 'ListingImagesRemove',
  'listings/http/images/reorder': 'ListingImagesReorder',
  'listings/http/by-author': 'ListingsByAuthor',
  'listings/http/search': 'ListingsSearch',
  'listings/http/show': 'ListingsShow',
  'listings/search/snapshot-writer': 'ListingsSearchSnapshotWriter',
  'places/http/static-map': 'MapsStaticMap',
  'orders/http/disburse-paypal-funds': 'OrdersDisbursePaypalFunds',
  'orders/http/enquire': 'OrdersEnquire',
  'orders/http/initiate-privileged': 'OrdersInitiatePrivileged',
  'orders/http/line-items': 'OrdersLineItems',
  'orders/http/messages': 'OrdersMessages',
  'orders/http/notifications': 'OrdersNotifications',
  'orders/operator/run-command': 'OrdersOperatorCommand',
  'orders/http/query': 'OrdersQuery',
  'orders/http/send-message': 'OrdersSendMessage',
  'orders/http/show': 'OrdersShow',
  'orders/http/transition': 'OrdersTransition',
  'orders/http/transition-privileged': 'OrdersTransitionPrivileged',
  'orders/http/transitions': 'OrdersTransitions',
  'listings/http/own/close': 'OwnListingsClose',
  'listings/http/own/create': 'OwnListingsCreate',
  'listings/http/own/delete': 'OwnListingsDelete',
  'listings/http/own/list': 'OwnListingsList',
  'listings/http/own/open': 'OwnListingsOpen',
  'listings/http/own/publish': 'OwnListingsPublish',
  'listings/http/own/show': 'OwnListingsShow',
  'listings/http/own/stock': 'OwnListingsStock',
  'listings/http/own/update': 'OwnListingsUpdate',
  'payments/paypal/http/create-order': 'PaypalCreateOrder',
  'payments/paypal/http/get-merchant-id': 'PaypalGetMerchantId',
  'payments/paypal/http/get-onboarding-link': 'PaypalGetOnboardingLink',
  'payments/paypal/http/get-onboarding-status': 'PaypalGetOnboardingStatus',
  'payments/paypal/http/get-order': 'PaypalGetOrder',
  'payments/paypal/http/offboard': 'PaypalOffboard',
  'places/http/search': 'PlacesSearch',
  'payments/paypal/http/simulated/approve-order': 'SimulatedPaypalApproveOrder',
  'payments/paypal/http/simulated/onboarding-page': 'SimulatedPaypalOnboardingPage',
  'payments/paypal/http/simulated/onboarding-submit': 'SimulatedPaypalOnboardingSubmit',
  'payments/stripe/http/simulated/confirm-payment-intent': 'SimulatedStripeConfirmPaymentIntent',
  'payments/stripe/http/simulated/confirm-setup-intent': 'SimulatedStripeConfirmSetupIntent',
  'payments/stripe/http/simulated/create-token': 'SimulatedStripeCreateToken',
  'payments/stripe/http/simulated/onboarding-page': 'SimulatedStripeOnboardingPage',
  'payments/stripe/http/simulated/submit-onboarding': 'SimulatedStripeSubmitOnboarding',
  'listings/search/index-stream': 'StreamsSearchIndex',
  'payments/stripe/http/create-account': 'StripeCreateAccount',
  'payments/stripe/http/create-account-link': 'StripeCreateAccountLink',
  'payments/stripe/http/create-setup-intent': 'StripeCreateSetupIntent',
  'payments/stripe/http/delete-payment-method': 'StripeDeletePaymentMethod',
  'payments/stripe/http/get-account': 'StripeGetAccount',
  'payments/stripe/http/save-payment-method': 'StripeSavePaymentMethod',
  'payments/stripe/http/update-account': 'StripeUpdateAccount',
  'accounts/http/change-email': 'UsersChangeEmail',
  'accounts/http/create-avatar-upload': 'UsersCreateAvatarUpload',
  'accounts/http/me': 'UsersMe',
  'accounts/http/reviews': 'UsersReviews',
  'accounts/http/set-avatar': 'UsersSetAvatar',
  'accounts/http/show': 'UsersShow',
  'accounts/http/update-me': 'UsersUpdateMe',
  'content/http/render-page': 'WebRenderPage',
  'payments/paypal/http/webhook': 'WebhooksPaypal',
  'payments/stripe/http/webhook': 'WebhooksStripe',
  'orders/workflow/fire-timer': 'WorkflowFireTimer',
  'orders/workflow/plan': 'WorkflowPlan',
  'orders/workflow/save-task-token': 'WorkflowSaveTaskToken',
  'orders/workflow/sweep-due': 'WorkflowSweepDue',
  'orders/http/create-dispute-photo-upload': 'OrdersCreateDisputePhotoUpload',
  'orders/transaction-stream': 'StreamsTransactionDispatcher',
};

/**
 * Names of handler modules that are no longer deployed (their module may still exist, no longer a
 * handler): never given to another module, so a later handler cannot take over a retired function's
 * log group or stream mapping ids. tests/infra/logical-ids.test.ts checks both lists.
 */
export const retiredDeployNames: Readonly<Record<string, string>> = {
  // Issue 26: merged into the transaction stream dispatcher (orders/transaction-stream).
  'orders/finance/outbox-stream': 'StreamsFinanceOutbox',
  'orders/notifications/stream': 'StreamsOrderNotifications',
};

/** The deploy name of a handler module; a module without one fails the synth (add it above). */
export function handlerDeployName(handler: string): string {
  const name = handlerDeployNames[handler];
  if (!name) throw new Error(`functions/${handler}.ts has no deploy name in functions/deploy-names.ts`);
  return name;
}
