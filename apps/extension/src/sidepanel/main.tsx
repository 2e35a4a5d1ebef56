// Entry point of sidepanel.html.
import { mountPage } from '../ui/mount-page';
import { SidePanelApp } from './side-panel-app';

mountPage(<SidePanelApp />);
