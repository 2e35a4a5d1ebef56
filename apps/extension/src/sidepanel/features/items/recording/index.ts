// Tab recordings (issue 32): the panel's Record tab control; the recorder itself is the offscreen
// document (src/offscreen/), the stream comes from the worker (background/prepare-recording.ts).
export { RecordButton } from './record-button';
