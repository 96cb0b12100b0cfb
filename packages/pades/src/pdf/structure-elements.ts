/** Standard structure types (ISO 32000-1 §14.8.4) the appended pages use. */
export type StructureType = 'Sect' | 'H1' | 'P' | 'Table' | 'TR' | 'TH' | 'TD' | 'Form' | 'Figure';

/** Marked content `mcid` on appended page `page` (0 is the first appended page). */
export interface ContentKid {
  page: number;
  mcid: number;
}

/** The widget of field `field` (its index in the page's fields) on appended page `page`. */
export interface FieldKid {
  page: number;
  field: number;
}

export type StructureKid = StructureElement | ContentKid | FieldKid;

/** A structure element of the appended pages, written into the document's tree when it has one. */
export interface StructureElement {
  type: StructureType;
  kids: StructureKid[];
  /** Alternate text (/Alt): what a figure or form field is, for readers that cannot see it. */
  alt?: string;
  /** The element's natural language (/Lang), e.g. 'fi'. */
  lang?: string;
  /** For a table header cell: the cells it heads (a /Table attribute /Scope). */
  scope?: 'Row' | 'Column';
}

export const isElement = (kid: StructureKid): kid is StructureElement => 'type' in kid;
export const isContent = (kid: StructureKid): kid is ContentKid => 'mcid' in kid;

/** An element holding the given kids, skipping none. */
export const element = (
  type: StructureType,
  kids: StructureKid[],
  extra: Omit<StructureElement, 'type' | 'kids'> = {},
): StructureElement => ({ type, kids, ...extra });
