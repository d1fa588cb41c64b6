// subset-font ships no types (and @types/subset-font lags its options): the part scripts/subset-fonts.ts uses.
declare module 'subset-font' {
  interface SubsetFontOptions {
    /** 'sfnt' keeps the source's outlines (TrueType or CFF) in a plain font file. */
    targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype';
    /** OpenType layout features to keep (all of them when absent). */
    keepFeatures?: string[];
    /** Name record ids to keep besides 0–6. */
    preserveNameIds?: number[];
  }
  function subsetFont(font: Buffer, text: string, options?: SubsetFontOptions): Promise<Buffer>;
  export default subsetFont;
}
