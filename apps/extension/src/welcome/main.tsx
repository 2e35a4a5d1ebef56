// Entry point of welcome.html.
import { mountPage } from '../ui/mount-page';
import { WelcomeApp } from './welcome-app';

mountPage(<WelcomeApp />);
