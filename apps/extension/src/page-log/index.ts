// The console and network log (issue 32): the MAIN-world recorder and the panel's side of it.
export {
  isPageLogOn,
  PAGE_LOG_MESSAGES,
  PAGE_LOG_SWITCH_LABEL,
  readPageLogFile,
  setPageLog,
} from './page-log-setting';
