// The MAIN-world script (built alone as page-recorder.js, vite.recorder.config.ts): registered
// for the sites where the user turned the console and network log on, and injected into the
// shown tab when they turn it on (docs/capture.md).
import { installPageRecorder } from './recorder';

installPageRecorder(window);
