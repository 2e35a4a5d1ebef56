// Entry point of workspace.html (issue 28): the project workspace, a full-size extension page.
// It asks for the table's first rows before anything else, then loads the workspace's code
// (React, Mantine, the page), so the answer and the code's loading overlap instead of following
// each other (docs/workspace.md, "First rows").
import { createCallApi } from '../api/index';
import { chromeApi } from '../platform/index';
import { requestFirstRows } from './start/first-rows';
import { markOnce } from './start/marks';

const firstRows = requestFirstRows(createCallApi(chromeApi), window.location.search);
void import('./mount-workspace').then(({ mountWorkspace }) => {
  markOnce('code-loaded');
  mountWorkspace(firstRows);
});
