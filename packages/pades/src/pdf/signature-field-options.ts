/** What a new signature (or document time stamp) puts in its field, and how the field shows it. */
export interface SignatureFieldOptions {
  /** Bytes reserved for the CMS (or time-stamp token); the hex placeholder is twice this. */
  contentsBytes: number;
  fieldName?: string;
  kind: 'signature' | 'timestamp';
  signingTime: Date;
  name?: string;
  reason?: string;
  location?: string;
  /** What a prepared (visible) field shows: the first line, the signing time, the rest. */
  appearance?: { lines: string[] };
}
