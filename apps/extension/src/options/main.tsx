// Entry point of options.html.
import { mountPage } from '../ui/mount-page';
import { OptionsApp } from './options-app';

mountPage(<OptionsApp />);
