// Entry point of annotate.html: the full-size screenshot editor's window (issue 32).
import '@mantine/core/styles.css';
import { mountPage } from '../ui/index';
import { AnnotateApp } from './annotate-app';

mountPage(<AnnotateApp search={window.location.search} />);
