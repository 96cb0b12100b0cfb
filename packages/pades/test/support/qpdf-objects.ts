import { execFileSync } from 'node:child_process';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Dict = { [key: string]: Json };
export interface QpdfObject {
  value?: Json;
  stream?: { dict: Dict; data?: string };
}

export const isDict = (value: Json | undefined): value is Dict =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every object of the file as qpdf reads it, streams decoded where qpdf can. */
export function readObjects(path: string): Map<string, QpdfObject> {
  const json = execFileSync(
    'qpdf',
    [
      '--json=2',
      '--json-key=qpdf',
      '--json-stream-data=inline',
      '--decode-level=generalized',
      path,
    ],
    { encoding: 'utf8', maxBuffer: 1 << 28 },
  );
  const [, objects] = (JSON.parse(json) as { qpdf: [unknown, Record<string, QpdfObject>] }).qpdf;
  return new Map(Object.entries(objects));
}

/** The objects of a file as qpdf reads them, with a few ways to follow references. */
export class QpdfObjects {
  readonly objects: Map<string, QpdfObject>;
  constructor(path: string) {
    this.objects = readObjects(path);
  }
  /** A dictionary (a stream's dictionary too), following a reference. */
  dict(value: Json | undefined): Dict | undefined {
    if (typeof value === 'string' && / R$/.test(value)) {
      const object = this.objects.get(`obj:${value}`);
      return object?.stream?.dict ?? (isDict(object?.value) ? object.value : undefined);
    }
    return isDict(value) ? value : undefined;
  }
  value(value: Json | undefined): Json | undefined {
    if (typeof value === 'string' && / R$/.test(value))
      return this.objects.get(`obj:${value}`)?.value;
    return value;
  }
  data(value: Json | undefined): Buffer | undefined {
    if (typeof value !== 'string') return undefined;
    const data = this.objects.get(`obj:${value}`)?.stream?.data;
    return data === undefined ? undefined : Buffer.from(data, 'base64');
  }
  /** Every dictionary object (streams' dictionaries too) with its object name. */
  *dicts(): Generator<[string, Dict]> {
    for (const [key, object] of this.objects) {
      const dict = object.stream?.dict ?? (isDict(object.value) ? object.value : undefined);
      if (dict && key.startsWith('obj:')) yield [key.slice(4), dict];
    }
  }
  /** The document catalog. */
  catalog(): Dict | undefined {
    const trailer = this.objects.get('trailer')?.value;
    return isDict(trailer) ? this.dict(trailer['/Root']) : undefined;
  }
}
