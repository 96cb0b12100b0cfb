import type {
  Language,
  PadesBaselineLevel,
  RevocationStatus,
  SignatureLevel,
  VerifyVerdict,
} from '@esign/contract';

/** The words of the sealed verification report, as the verification page says them. */
export interface ReportTexts {
  locale: string;
  fileName: string;
  heading: string;
  file: string;
  fingerprint: string;
  checkedAt: string;
  verdicts: Record<VerifyVerdict, string>;
  signature: (index: number) => string;
  documentTimestamp: (index: number) => string;
  signer: string;
  timestampAuthority: string;
  claimedTime: string;
  timestampTime: string;
  none: string;
  level: string;
  levels: Record<SignatureLevel, string>;
  unknownLevel: string;
  padesLevel: string;
  noPadesLevel: string;
  padesLevels: Record<PadesBaselineLevel, string>;
  intact: string;
  broken: string;
  coversWholeDocument: string;
  addedAfter: (items: string) => string;
  signatures: (count: number) => string;
  documentTimestamps: (count: number) => string;
  validationData: string;
  embeddedFile: string;
  addedNothing: string;
  otherChanges: (count: number) => string;
  chainTrusted: string;
  chainNotTrusted: string;
  revocation: string;
  revocations: Record<RevocationStatus, string>;
  seal: string;
}

const english: ReportTexts = {
  locale: 'en-GB',
  fileName: 'signature-check.pdf',
  heading: 'Signature check',
  file: 'File',
  fingerprint: 'SHA-256 of the file',
  checkedAt: 'Checked',
  verdicts: {
    Valid:
      "Valid: the document has not been changed after signing, and every signer's certificate is trusted.",
    Invalid:
      'Not valid: a signature is broken, a certificate was revoked, or the document was changed after signing in a way signatures do not allow.',
    Unsigned: 'Not signed: the document has no signatures.',
    Indeterminate:
      'Cannot be confirmed: the document has not been changed after signing, but a certificate is not from a trusted issuer or its revocation status is unknown.',
  },
  signature: (index) => `Signature ${index}`,
  documentTimestamp: (index) => `Document time stamp ${index}`,
  signer: 'Signed by',
  timestampAuthority: 'Time stamped by',
  claimedTime: 'Time given by the signer',
  timestampTime: 'Time confirmed by a time stamp',
  none: 'none',
  level: 'Level',
  levels: {
    Low: 'Simple electronic signature',
    Advanced: 'Advanced electronic signature',
    Qualified: 'Qualified electronic signature',
  },
  unknownLevel: 'not known (not issued by this portal)',
  padesLevel: 'PAdES level',
  noPadesLevel: 'none (not a PAdES baseline signature)',
  padesLevels: { 'B-B': 'B-B', 'B-T': 'B-T', 'B-LT': 'B-LT', 'B-LTA': 'B-LTA' },
  intact: 'Intact: the signed content has not been changed.',
  broken: 'Broken: the signed content has been changed, or the signature does not match it.',
  coversWholeDocument: 'Covers the whole document.',
  addedAfter: (items) => `Added after it (allowed after signing): ${items}.`,
  signatures: (count) => `${count} ${count === 1 ? 'signature' : 'signatures'}`,
  documentTimestamps: (count) =>
    `${count} ${count === 1 ? 'document time stamp' : 'document time stamps'}`,
  validationData: 'validation data',
  embeddedFile: 'an embedded file',
  addedNothing: 'Something was added to the file after it, but the document itself did not change.',
  otherChanges: (count) =>
    `Changed after it in a way signatures do not allow: ${count} ${count === 1 ? 'change' : 'changes'}.`,
  chainTrusted: 'Certificate: trusted (its chain leads to a trusted root certificate).',
  chainNotTrusted:
    'Certificate: not trusted (its chain does not lead to a trusted root certificate).',
  revocation: 'Revocation',
  revocations: {
    Good: 'not revoked at the time of signing',
    Revoked: 'revoked at the time of signing',
    Unknown: 'not known (the document has no revocation information)',
    NotChecked: 'not checked, as the certificate is not trusted',
  },
  seal: 'Sealed by the portal',
};

const finnish: ReportTexts = {
  locale: 'fi-FI',
  fileName: 'allekirjoitusten-tarkistus.pdf',
  heading: 'Allekirjoitusten tarkistus',
  file: 'Tiedosto',
  fingerprint: 'Tiedoston SHA-256',
  checkedAt: 'Tarkistettu',
  verdicts: {
    Valid:
      'Kelvollinen: asiakirjaa ei ole muutettu allekirjoittamisen jälkeen, ja jokaisen allekirjoittajan varmenne on luotettu.',
    Invalid:
      'Ei kelvollinen: allekirjoitus on rikki, varmenne on suljettu tai asiakirjaa on muutettu allekirjoittamisen jälkeen tavalla, jota allekirjoitukset eivät salli.',
    Unsigned: 'Ei allekirjoitettu: asiakirjassa ei ole allekirjoituksia.',
    Indeterminate:
      'Ei voida varmistaa: asiakirjaa ei ole muutettu allekirjoittamisen jälkeen, mutta varmenne ei ole luotetulta myöntäjältä tai sen sulkutietoa ei tiedetä.',
  },
  signature: (index) => `Allekirjoitus ${index}`,
  documentTimestamp: (index) => `Asiakirjan aikaleima ${index}`,
  signer: 'Allekirjoittaja',
  timestampAuthority: 'Aikaleiman antaja',
  claimedTime: 'Allekirjoittajan ilmoittama aika',
  timestampTime: 'Aikaleiman vahvistama aika',
  none: 'ei ole',
  level: 'Taso',
  levels: {
    Low: 'Sähköinen perusallekirjoitus',
    Advanced: 'Kehittynyt sähköinen allekirjoitus',
    Qualified: 'Hyväksytty sähköinen allekirjoitus',
  },
  unknownLevel: 'ei tiedossa (ei tämän portaalin myöntämä)',
  padesLevel: 'PAdES-taso',
  noPadesLevel: 'ei mikään (ei PAdES-perustason allekirjoitus)',
  padesLevels: { 'B-B': 'B-B', 'B-T': 'B-T', 'B-LT': 'B-LT', 'B-LTA': 'B-LTA' },
  intact: 'Ehjä: allekirjoitettua sisältöä ei ole muutettu.',
  broken: 'Rikki: allekirjoitettua sisältöä on muutettu, tai allekirjoitus ei vastaa sitä.',
  coversWholeDocument: 'Kattaa koko asiakirjan.',
  addedAfter: (items) => `Lisätty sen jälkeen (sallittua allekirjoittamisen jälkeen): ${items}.`,
  signatures: (count) => `${count} ${count === 1 ? 'allekirjoitus' : 'allekirjoitusta'}`,
  documentTimestamps: (count) =>
    `${count} ${count === 1 ? 'asiakirjan aikaleima' : 'asiakirjan aikaleimaa'}`,
  validationData: 'varmennetiedot',
  embeddedFile: 'liitetty tiedosto',
  addedNothing: 'Tiedostoon on lisätty jotain sen jälkeen, mutta itse asiakirja ei muuttunut.',
  otherChanges: (count) =>
    `Muutettu sen jälkeen tavalla, jota allekirjoitukset eivät salli: ${count} ${count === 1 ? 'muutos' : 'muutosta'}.`,
  chainTrusted: 'Varmenne: luotettu (varmenneketju johtaa luotettuun juurivarmenteeseen).',
  chainNotTrusted: 'Varmenne: ei luotettu (varmenneketju ei johda luotettuun juurivarmenteeseen).',
  revocation: 'Sulkutieto',
  revocations: {
    Good: 'ei suljettu allekirjoitushetkellä',
    Revoked: 'suljettu allekirjoitushetkellä',
    Unknown: 'ei tiedossa (asiakirjassa ei ole sulkutietoja)',
    NotChecked: 'ei tarkistettu, koska varmenne ei ole luotettu',
  },
  seal: 'Portaalin sinetöimä',
};

const swedish: ReportTexts = {
  locale: 'sv-SE',
  fileName: 'kontroll-av-underskrifter.pdf',
  heading: 'Kontroll av underskrifter',
  file: 'Fil',
  fingerprint: 'Filens SHA-256',
  checkedAt: 'Kontrollerad',
  verdicts: {
    Valid:
      'Giltig: dokumentet har inte ändrats efter att det undertecknades, och varje undertecknares certifikat är betrott.',
    Invalid:
      'Inte giltig: en underskrift är bruten, ett certifikat har spärrats eller dokumentet har ändrats efter att det undertecknades på ett sätt som underskrifter inte tillåter.',
    Unsigned: 'Inte undertecknad: dokumentet har inga underskrifter.',
    Indeterminate:
      'Kan inte bekräftas: dokumentet har inte ändrats efter att det undertecknades, men ett certifikat kommer inte från en betrodd utfärdare eller dess spärrstatus är okänd.',
  },
  signature: (index) => `Underskrift ${index}`,
  documentTimestamp: (index) => `Dokumenttidsstämpel ${index}`,
  signer: 'Undertecknare',
  timestampAuthority: 'Tidsstämpel från',
  claimedTime: 'Tid enligt undertecknaren',
  timestampTime: 'Tid bekräftad av en tidsstämpel',
  none: 'saknas',
  level: 'Nivå',
  levels: {
    Low: 'Enkel elektronisk underskrift',
    Advanced: 'Avancerad elektronisk underskrift',
    Qualified: 'Kvalificerad elektronisk underskrift',
  },
  unknownLevel: 'okänd (inte utfärdad av den här portalen)',
  padesLevel: 'PAdES-nivå',
  noPadesLevel: 'ingen (inte en PAdES-baslinjeunderskrift)',
  padesLevels: { 'B-B': 'B-B', 'B-T': 'B-T', 'B-LT': 'B-LT', 'B-LTA': 'B-LTA' },
  intact: 'Intakt: det undertecknade innehållet har inte ändrats.',
  broken:
    'Bruten: det undertecknade innehållet har ändrats, eller underskriften stämmer inte med det.',
  coversWholeDocument: 'Omfattar hela dokumentet.',
  addedAfter: (items) => `Tillagt efter den (tillåtet efter undertecknandet): ${items}.`,
  signatures: (count) => `${count} ${count === 1 ? 'underskrift' : 'underskrifter'}`,
  documentTimestamps: (count) =>
    `${count} ${count === 1 ? 'dokumenttidsstämpel' : 'dokumenttidsstämplar'}`,
  validationData: 'valideringsdata',
  embeddedFile: 'en inbäddad fil',
  addedNothing: 'Något har lagts till i filen efter den, men själva dokumentet har inte ändrats.',
  otherChanges: (count) =>
    `Ändrat efter den på ett sätt som underskrifter inte tillåter: ${count} ${count === 1 ? 'ändring' : 'ändringar'}.`,
  chainTrusted: 'Certifikat: betrott (certifikatkedjan leder till ett betrott rotcertifikat).',
  chainNotTrusted:
    'Certifikat: inte betrott (certifikatkedjan leder inte till ett betrott rotcertifikat).',
  revocation: 'Spärrstatus',
  revocations: {
    Good: 'inte spärrat vid undertecknandet',
    Revoked: 'spärrat vid undertecknandet',
    Unknown: 'okänd (dokumentet saknar spärrinformation)',
    NotChecked: 'inte kontrollerad, eftersom certifikatet inte är betrott',
  },
  seal: 'Förseglad av portalen',
};

export const reportTexts: Record<Language, ReportTexts> = {
  fi: finnish,
  en: english,
  sv: swedish,
};
