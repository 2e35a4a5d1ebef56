// The feature's public surface: the app imports it from here only (eslint.config.js).
export { PlanCard } from './components/plan-card';
export { PlanComparison } from './components/plan-comparison';
export { TrialExplainer } from './components/trial-explainer';
export { describeProjects, describeSites } from './plan-figures';
