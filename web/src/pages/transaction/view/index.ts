/**
 * The order and sale page as pure logic: who the viewer is, what the breakdown shows, the delivery,
 * the activity feed, the deadlines still running, the buttons and what a failed action says, the
 * message thread. No React and no fetch here, so every rule is unit-tested beside its module.
 */
export * from './actions';
export * from './activity';
export * from './breakdown';
export * from './deadlines';
export * from './delivery';
export * from './messages';
export * from './perform-action';
export * from './viewer';
