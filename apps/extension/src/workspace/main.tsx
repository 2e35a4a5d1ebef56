// Entry point of workspace.html (issue 28): the project workspace, a full-size extension page.
import { mountPage } from '../ui/index';
import { WorkspaceApp } from './workspace-app';

mountPage(<WorkspaceApp />);
