// The feature's public surface: the app imports it from here only (eslint.config.js).
export { TermsDocument } from './components/terms-document';
export { TERMS_EFFECTIVE_DATE } from './terms-clauses';
