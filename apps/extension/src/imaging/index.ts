// The public surface of this shared part; other folders import it from here only (eslint.config.js).
export { cropPng, cropPngToDataUrl, type PixelRect } from './crop-png';
export { pngSize } from './png-size';
