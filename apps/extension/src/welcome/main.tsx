// Entry point of welcome.html.
import { mountPage } from '../ui/index';
import { WelcomeApp } from './welcome-app';

mountPage(<WelcomeApp />);
