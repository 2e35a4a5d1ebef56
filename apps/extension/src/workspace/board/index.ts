// The workspace's board (issue 28): columns by status, type, assignee or release; drag to change.
// The board itself loads on demand (lazy-board-view.ts); only its plain parts are imported here.
export { LazyBoardView } from './lazy-board-view';
export { GROUP_LABELS, type GroupOptions } from './board-groups';
