// The workspace's board (issue 28): columns by status, type, assignee or release; drag to change.
export { BoardView } from './board-view';
export { GROUP_LABELS, type GroupOptions } from './board-groups';
