import '@mantine/core/styles.css';
import { mountPage } from '../ui/index';
import type { FirstRows } from './start/first-rows';
import { WorkspaceApp } from './workspace-app';

/** Renders the workspace into the page, with the first rows the entry asked for. */
export function mountWorkspace(firstRows: FirstRows): void {
  mountPage(<WorkspaceApp firstRows={firstRows} />);
}
