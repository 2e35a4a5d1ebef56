// The projects feature's one public file: app routes import the screen from here only.
export { ProjectsScreen } from './components/projects-screen';
