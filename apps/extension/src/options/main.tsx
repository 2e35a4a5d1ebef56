// Entry point of options.html.
import '@mantine/core/styles.css';
import { mountPage } from '../ui/index';
import { OptionsApp } from './options-app';

mountPage(<OptionsApp />);
