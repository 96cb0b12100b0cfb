import { PkiError } from './errors.ts';
import { x509 } from './x509.ts';

/** The subject attributes the portal puts in certificates; only commonName is required. */
export interface NameAttributes {
  country?: string;
  organisation?: string;
  surname?: string;
  givenName?: string;
  serialNumber?: string;
  commonName: string;
}

const oid = {
  country: '2.5.4.6',
  organisation: '2.5.4.10',
  surname: '2.5.4.4',
  givenName: '2.5.4.42',
  serialNumber: '2.5.4.5',
  commonName: '2.5.4.3',
} as const;

// RFC 5280 upper bounds; country and serialNumber are PrintableString by definition.
const limits: Record<keyof NameAttributes, number> = {
  country: 2,
  organisation: 64,
  surname: 32768,
  givenName: 32768,
  serialNumber: 64,
  commonName: 64,
};
const printable = new Set<keyof NameAttributes>(['country', 'serialNumber']);
const printableString = /^[A-Za-z0-9 '()+,\-./:=?]+$/;

/** Builds an X.500 name in a fixed order (C, O, SN, G, serialNumber, CN), each value checked and typed. */
export function buildName(attributes: NameAttributes): x509.Name {
  const order: Array<keyof NameAttributes> = [
    'country',
    'organisation',
    'surname',
    'givenName',
    'serialNumber',
    'commonName',
  ];
  const rdns = order.flatMap((key) => {
    const value = attributes[key];
    if (value === undefined) return [];
    checkValue(key, value);
    const typed = printable.has(key) ? { printableString: value } : { utf8String: value };
    return [{ [oid[key]]: [typed] }];
  });
  return new x509.Name(rdns);
}

function checkValue(key: keyof NameAttributes, value: string): void {
  if (value.trim().length === 0 || value.length > limits[key]) {
    throw new PkiError('invalid-name', `${key} must be 1-${limits[key]} characters`);
  }
  if (printable.has(key) && !printableString.test(value)) {
    throw new PkiError('invalid-name', `${key} may hold only letters, digits and ' ()+,-./:=?`);
  }
  if (key === 'country' && !/^[A-Z]{2}$/.test(value)) {
    throw new PkiError('invalid-name', 'country must be a two-letter ISO 3166 code such as FI');
  }
}
