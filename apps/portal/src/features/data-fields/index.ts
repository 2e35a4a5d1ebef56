// The data-fields feature's one public file: app routes import the screen from here only.
export { DataFieldsScreen } from './components/data-fields-screen';
