import { execFileSync } from 'node:child_process';
import { createSign, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { SignedXml } from 'xml-crypto';

/** A signing key and its self-signed certificate, made with the openssl CLI. */
export interface TestKey {
  privateKey: string;
  certificate: string;
}

export function createTestKey(commonName: string): TestKey {
  const dir = mkdtempSync(join(tmpdir(), 'esign-saml-'));
  const [keyFile, certFile] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      `/CN=${commonName}`,
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  return { privateKey: readFileSync(keyFile, 'utf8'), certificate: readFileSync(certFile, 'utf8') };
}

const escapeXml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
const newId = () => `_${randomBytes(16).toString('hex')}`;

/** The ID of the AuthnRequest (or LogoutRequest) in a redirect-binding URL. */
export function requestIdOf(url: string): string {
  const encoded = new URL(url).searchParams.get('SAMLRequest') ?? '';
  const xml = inflateRawSync(Buffer.from(encoded, 'base64')).toString('utf8');
  const match = /\sID="([^"]+)"/.exec(xml);
  if (!match?.[1]) throw new Error(`no request ID in ${xml}`);
  return match[1];
}

export const decodeRedirectMessage = (url: string, name: 'SAMLRequest' | 'SAMLResponse') =>
  inflateRawSync(Buffer.from(new URL(url).searchParams.get(name) ?? '', 'base64')).toString('utf8');

export interface ResponseOptions {
  requestId: string;
  acsUrl: string;
  audience: string;
  idpEntityId?: string;
  nameId?: string;
  sessionIndex?: string;
  /** Minutes from now; negative values make an expired assertion. */
  validForMinutes?: number;
  attributes: Record<string, string[]>;
}

/** A SAML Response with one unsigned Assertion, as a Haka IdP (Shibboleth) would send it. */
export function buildResponse(options: ResponseOptions): string {
  const now = Date.now();
  const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
  const until = at(options.validForMinutes ?? 5);
  const issuer = `<saml:Issuer>${escapeXml(options.idpEntityId ?? 'https://idp.example.org/idp')}</saml:Issuer>`;
  const attributes = Object.entries(options.attributes)
    .map(
      ([name, values]) =>
        `<saml:Attribute Name="${escapeXml(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:uri">` +
        values
          .map((value) => `<saml:AttributeValue>${escapeXml(value)}</saml:AttributeValue>`)
          .join('') +
        '</saml:Attribute>',
    )
    .join('');
  return (
    '<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion"' +
    ` ID="${newId()}" Version="2.0" IssueInstant="${at(0)}" Destination="${escapeXml(options.acsUrl)}" InResponseTo="${options.requestId}">` +
    issuer +
    '<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>' +
    `<saml:Assertion ID="${newId()}" Version="2.0" IssueInstant="${at(0)}">` +
    issuer +
    '<saml:Subject>' +
    `<saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:transient">${escapeXml(options.nameId ?? newId())}</saml:NameID>` +
    '<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">' +
    `<saml:SubjectConfirmationData InResponseTo="${options.requestId}" NotOnOrAfter="${until}" Recipient="${escapeXml(options.acsUrl)}"/>` +
    '</saml:SubjectConfirmation></saml:Subject>' +
    `<saml:Conditions NotBefore="${at(-1)}" NotOnOrAfter="${until}">` +
    `<saml:AudienceRestriction><saml:Audience>${escapeXml(options.audience)}</saml:Audience></saml:AudienceRestriction>` +
    '</saml:Conditions>' +
    `<saml:AuthnStatement AuthnInstant="${at(0)}" SessionIndex="${escapeXml(options.sessionIndex ?? newId())}">` +
    '<saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext>' +
    '</saml:AuthnStatement>' +
    `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` +
    '</saml:Assertion></samlp:Response>'
  );
}

/** Signs the Assertion (or another element): enveloped, exclusive c14n, RSA-SHA256, after its Issuer. */
export function signXml(
  xml: string,
  key: TestKey,
  element: 'Assertion' | 'Response' | 'LogoutRequest' = 'Assertion',
): string {
  const signer = new SignedXml({
    privateKey: key.privateKey,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signer.addReference({
    xpath: `//*[local-name(.)='${element}']`,
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/2001/10/xml-exc-c14n#',
    ],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  signer.computeSignature(xml, {
    prefix: 'ds',
    location: {
      reference: `//*[local-name(.)='${element}']/*[local-name(.)='Issuer']`,
      action: 'after',
    },
  });
  return signer.getSignedXml();
}

/** A LogoutRequest from the IdP naming a NameID and SessionIndex. */
export function logoutRequestXml(options: {
  nameId: string;
  sessionIndex: string;
  destination: string;
}): string {
  return (
    '<samlp:LogoutRequest xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion"' +
    ` ID="${newId()}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${escapeXml(options.destination)}">` +
    '<saml:Issuer>https://idp.example.org/idp</saml:Issuer>' +
    `<saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:transient">${escapeXml(options.nameId)}</saml:NameID>` +
    `<samlp:SessionIndex>${escapeXml(options.sessionIndex)}</samlp:SessionIndex>` +
    '</samlp:LogoutRequest>'
  );
}

/** The redirect-binding query for a message, signed over the query as SAML requires (or not, with no key). */
export function redirectQuery(xml: string, key: TestKey | null): string {
  const signedPart =
    `SAMLRequest=${encodeURIComponent(deflateRawSync(xml).toString('base64'))}` +
    `&SigAlg=${encodeURIComponent('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256')}`;
  if (!key) return signedPart;
  const signature = createSign('RSA-SHA256').update(signedPart).sign(key.privateKey, 'base64');
  return `${signedPart}&Signature=${encodeURIComponent(signature)}`;
}
