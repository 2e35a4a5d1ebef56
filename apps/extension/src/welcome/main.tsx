// Entry point of welcome.html.
import '@mantine/core/styles.css';
import { mountPage } from '../ui/index';
import { WelcomeApp } from './welcome-app';

mountPage(<WelcomeApp />);
