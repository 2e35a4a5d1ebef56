// Entry point of options.html.
import { mountPage } from '../ui/index';
import { OptionsApp } from './options-app';

mountPage(<OptionsApp />);
