// The JavaScript of a pre-rendered public page (issue 34): each island finds its markup in the
// HTML the build rendered (src/prerender) and makes it work, without React.
import './islands.css';
import { wireAccordions } from './accordion';
import { wireAuthButtons } from './auth-buttons';
import { wireMenuDrawer } from './menu-drawer';
import { wireSeeDemo } from './see-demo';

wireMenuDrawer(document);
wireAccordions(document);
wireAuthButtons(document);
wireSeeDemo(document);
