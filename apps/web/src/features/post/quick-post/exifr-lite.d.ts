// exifr's lite build (JPEG, HEIC, TIFF; no XMP or maker notes) has the full build's API for what it reads.
declare module 'exifr/dist/lite.esm.mjs' {
  export { gps } from 'exifr';
}
