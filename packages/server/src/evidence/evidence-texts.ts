import type { Language } from '@esign/contract';
import { reportTexts } from '../verify/report-texts.ts';

/** The evidence report's words in one language (the levels are the verify report's). */
export interface EvidenceTexts {
  locale: string;
  heading: string;
  fileName: string;
  attachmentDescription: string;
  flow: string;
  document: string;
  originalHash: string;
  signedHash: string;
  hashNote: string;
  signers: string;
  email: string;
  level: string;
  identified: string;
  emailCode: string;
  strongLogin: (provider: string) => string;
  identityCode: string;
  trustService: (service: string, credential: string) => string;
  signedAt: string;
  ipAddress: string;
  userAgent: string;
  auditTrail: string;
  chainHead: string;
  chainNote: string;
  writtenAt: string;
  none: string;
  seal: string;
}

export const evidenceTexts: Record<Language, EvidenceTexts> = {
  fi: {
    locale: 'fi-FI',
    heading: 'Allekirjoituspyynnön todisteraportti',
    fileName: 'todisteraportti.pdf',
    attachmentDescription: 'Allekirjoituspyynnön todisteraportti',
    flow: 'Allekirjoituspyyntö',
    document: 'Asiakirja',
    originalHash: 'SHA-256 ladattuna',
    signedHash: 'SHA-256 viimeisen allekirjoituksen kattamana',
    hashNote:
      'Raportti on liitetty allekirjoitettuun asiakirjaan ennen arkistoaikaleimaa, joten se ei voi sisältää sen tiedoston tiivistettä, johon se itse on liitetty.',
    signers: 'Allekirjoittajat',
    email: 'Sähköposti',
    level: 'Taso',
    identified: 'Tunnistettu',
    emailCode: 'sähköpostiin lähetetyllä koodilla',
    strongLogin: (provider) => `vahvalla sähköisellä tunnistuksella (${provider})`,
    identityCode: 'Henkilötunnus (syntymäaikaosa)',
    trustService: (service, credential) =>
      `luottamuspalvelussa ${service}, allekirjoitusvarmenne ${credential}`,
    signedAt: 'Allekirjoitettu',
    ipAddress: 'IP-osoite',
    userAgent: 'Selain',
    auditTrail: 'Tapahtumaloki',
    chainHead: 'Tiivisteketjun viimeinen tiiviste',
    chainNote: 'Allekirjoituspyynnön valmistuminen kirjataan lokiin tämän raportin jälkeen.',
    writtenAt: 'Raportti laadittu',
    none: '–',
    seal: 'Organisaation sähköinen sinetti',
  },
  en: {
    locale: 'en-GB',
    heading: 'Evidence report of the signing request',
    fileName: 'evidence-report.pdf',
    attachmentDescription: 'Evidence report of the signing request',
    flow: 'Signing request',
    document: 'Document',
    originalHash: 'SHA-256 as uploaded',
    signedHash: "SHA-256 as the last signer's signature covers it",
    hashNote:
      'The report is attached to the signed document before its archive time stamp, so it cannot hold the digest of the file it is attached to.',
    signers: 'Signers',
    email: 'E-mail',
    level: 'Level',
    identified: 'Identified',
    emailCode: 'by a code sent by e-mail',
    strongLogin: (provider) => `by strong electronic identification (${provider})`,
    identityCode: 'Personal identity code (date of birth part)',
    trustService: (service, credential) =>
      `at the trust service ${service}, signing credential ${credential}`,
    signedAt: 'Signed',
    ipAddress: 'IP address',
    userAgent: 'Browser',
    auditTrail: 'Audit trail',
    chainHead: 'Last hash of the hash chain',
    chainNote: "The signing request's completion is recorded after this report.",
    writtenAt: 'Report written',
    none: '–',
    seal: "The organisation's electronic seal",
  },
  sv: {
    locale: 'sv-SE',
    heading: 'Bevisrapport för signeringsbegäran',
    fileName: 'bevisrapport.pdf',
    attachmentDescription: 'Bevisrapport för signeringsbegäran',
    flow: 'Signeringsbegäran',
    document: 'Dokument',
    originalHash: 'SHA-256 vid uppladdning',
    signedHash: 'SHA-256 så som den sista underskriften täcker det',
    hashNote:
      'Rapporten bifogas det undertecknade dokumentet före dess arkivtidsstämpel och kan därför inte innehålla kontrollsumman för den fil den själv är bifogad till.',
    signers: 'Undertecknare',
    email: 'E-post',
    level: 'Nivå',
    identified: 'Identifierad',
    emailCode: 'med en kod per e-post',
    strongLogin: (provider) => `med stark elektronisk identifiering (${provider})`,
    identityCode: 'Personbeteckning (födelsedatumdelen)',
    trustService: (service, credential) =>
      `hos betrodda tjänsten ${service}, underskriftscertifikat ${credential}`,
    signedAt: 'Undertecknad',
    ipAddress: 'IP-adress',
    userAgent: 'Webbläsare',
    auditTrail: 'Händelselogg',
    chainHead: 'Hashkedjans sista hash',
    chainNote: 'Att signeringsbegäran slutförts loggas efter denna rapport.',
    writtenAt: 'Rapporten skapad',
    none: '–',
    seal: 'Organisationens elektroniska stämpel',
  },
};

/** The signature levels' names, as the glossary and the verify report give them. */
export const levelNames = (language: Language) => reportTexts[language].levels;
