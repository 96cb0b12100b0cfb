import { X509Certificate, createPrivateKey } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import forge from 'node-forge';
import type { KeyCredential } from './credential.ts';
import { PkiError } from './errors.ts';
import { keysMatch } from './keys.ts';

/** Reads a PKCS#12 file (modern PBES2/AES or legacy 3DES/RC2): the key, its certificate and the other certificates. */
export function loadPkcs12(file: Buffer, password: string): KeyCredential {
  const bags = readBags(file, password);
  const keys = bags.filter((bag) => bag.type === 'key');
  const certificates = bags.flatMap((bag) => (bag.type === 'certificate' ? [bag.der] : []));
  const [key, ...others] = keys;
  if (!key || others.length > 0) {
    throw new PkiError(
      'invalid-pkcs12',
      `The PKCS#12 file holds ${keys.length} private keys; expected one`,
    );
  }
  const certificate = certificates.find((der) =>
    keysMatch(key.privateKey, new X509Certificate(der).publicKey),
  );
  if (!certificate) {
    throw new PkiError(
      'invalid-pkcs12',
      'The PKCS#12 file holds no certificate for its private key',
    );
  }
  return {
    privateKey: key.privateKey,
    certificate,
    chain: orderChain(
      certificate,
      certificates.filter((der) => der !== certificate),
    ),
  };
}

type Bag = { type: 'key'; privateKey: KeyObject } | { type: 'certificate'; der: Buffer };

function readBags(file: Buffer, password: string): Bag[] {
  let pfx: forge.pkcs12.Pkcs12Pfx;
  try {
    pfx = parsePfx(file, password);
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/password|decrypt/i.test(message)) {
      throw new PkiError('wrong-password', 'The PKCS#12 password is wrong', { cause: error });
    }
    throw new PkiError('invalid-pkcs12', 'The file is not a readable PKCS#12 file', {
      cause: error,
    });
  }
  try {
    return pfx.safeContents.flatMap((contents) => contents.safeBags.flatMap(toBag));
  } catch (error) {
    throw new PkiError(
      'invalid-pkcs12',
      'The PKCS#12 file holds an unreadable key or certificate',
      {
        cause: error,
      },
    );
  }
}

function parsePfx(file: Buffer, password: string): forge.pkcs12.Pkcs12Pfx {
  const readAsn1 = () =>
    forge.asn1.fromDer(forge.util.createBuffer(file.toString('binary')), false);
  try {
    return forge.pkcs12.pkcs12FromAsn1(readAsn1(), false, password);
  } catch (error) {
    const macFailed = error instanceof Error && /MAC could not be verified/.test(error.message);
    // An ASCII password has the same bytes either way: nothing to retry.
    if (macFailed || Buffer.byteLength(password) === password.length) throw error;
    // The MAC, keyed from the password as BMPString, passed; but PBES2 (OpenSSL 3's default) keys
    // from its UTF-8 bytes, which forge does not do. Decrypt again that way, the MAC already checked.
    const withoutMac = readAsn1();
    if (Array.isArray(withoutMac.value)) withoutMac.value = withoutMac.value.slice(0, 2);
    return forge.pkcs12.pkcs12FromAsn1(
      withoutMac,
      false,
      Buffer.from(password, 'utf8').toString('binary'),
    );
  }
}

function toBag(bag: forge.pkcs12.Bag): Bag[] {
  const der = (asn1: forge.asn1.Asn1) => Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
  if (bag.type === forge.pki.oids.certBag) {
    // forge parses RSA certificates and hands others (EC) back as ASN.1; both re-encode to DER.
    const asn1 = bag.cert ? forge.pki.certificateToAsn1(bag.cert) : bag.asn1;
    const certificate = der(asn1);
    new X509Certificate(certificate); // throws here on bytes that are no certificate
    return [{ type: 'certificate', der: certificate }];
  }
  if (bag.type === forge.pki.oids.keyBag || bag.type === forge.pki.oids.pkcs8ShroudedKeyBag) {
    const asn1 = bag.key
      ? forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(bag.key))
      : bag.asn1;
    return [
      {
        type: 'key',
        privateKey: createPrivateKey({ key: der(asn1), format: 'der', type: 'pkcs8' }),
      },
    ];
  }
  return [];
}

// Issuer first, then its issuer: the order a CMS or DSS reader expects; the rest keep file order.
function orderChain(leaf: Buffer, others: Buffer[]): Buffer[] {
  const ordered: Buffer[] = [];
  const remaining = [...others];
  let current = new X509Certificate(leaf);
  while (!isIssuedBy(current, current)) {
    const index = remaining.findIndex((der) => isIssuedBy(current, new X509Certificate(der)));
    const [next] = index < 0 ? [] : remaining.splice(index, 1);
    if (!next) break;
    ordered.push(next);
    current = new X509Certificate(next);
  }
  return [...ordered, ...remaining];
}

function isIssuedBy(certificate: X509Certificate, issuer: X509Certificate): boolean {
  return certificate.checkIssued(issuer) && certificate.verify(issuer.publicKey);
}
