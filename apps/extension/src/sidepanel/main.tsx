// Entry point of sidepanel.html.
import { mountPage } from '../ui/index';
import { SidePanelApp } from './side-panel-app';

mountPage(<SidePanelApp />);
