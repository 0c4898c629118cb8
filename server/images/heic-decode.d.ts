/** Types of `heic-decode` (2.x ships none): decodes the primary image of a HEIC/HEIF file to RGBA. */
declare module "heic-decode" {
  interface DecodedHeic {
    width: number;
    height: number;
    /** RGBA, 8 bits per channel, width × height × 4 bytes. */
    data: Uint8ClampedArray;
  }
  function decode(input: { buffer: Uint8Array | ArrayBuffer }): Promise<DecodedHeic>;
  export default decode;
}
