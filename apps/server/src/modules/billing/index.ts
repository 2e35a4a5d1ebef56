// The billing module's public file (issue 13): plans, trial, licences, payments, the ledger and
// its jobs. docs/billing.md has every rule and decision.
export { billingModule } from './billing-module';
