/**
 * Line items of an order (§3, DESIGN.md "Money and configuration"). Computed only on the server;
 * the web app shows what the API returns. What a line item is and its rules: line-item.ts; how an
 * order's lines are computed (and the rounding rule): compute.ts; what each party sees and pays:
 * totals.ts; labels in the breakdown and mails: labels.ts.
 */
export * from './compute';
export * from './labels';
export * from './line-item';
export * from './totals';
