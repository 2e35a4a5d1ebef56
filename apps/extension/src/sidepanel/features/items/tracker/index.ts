// An item's tracker issue in the panel (issue 30).
export { TrackerSection } from './tracker-section';
