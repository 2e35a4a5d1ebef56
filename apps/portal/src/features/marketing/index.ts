// The feature's public surface: the app imports it from here only (eslint.config.js).
export { CallToAction } from './components/call-to-action';
export { DemoVideo } from './components/demo-video';
export { HowItWorks } from './components/how-it-works';
export { LandingHero } from './components/landing-hero';
export { LANDING_FEATURES } from './landing-features';
export { AUDIENCES, USE_CASES } from './use-cases';
