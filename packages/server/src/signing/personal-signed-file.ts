import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { languageOf, type Language } from '@esign/contract';
import {
  addDocumentTimestamp,
  appendInformationPage,
  embedFile,
  keySigner,
  signPdf,
} from '@esign/pades';
import { emptyA4Pdf } from '../files/plain-pdf.ts';
import type { SignerRow, SignFlowRow } from '../db/schema.ts';
import type { SignedIdentity } from './signer-session.ts';
import { signedIdentityOf } from './signer-session.ts';
import type { SigningDeps } from './signing-deps.ts';
import { addFreshValidationData } from '../pki/fresh-validation-data.ts';

// How a signer was identified; 'csc' is a signature made at a qualified trust service.
type Identification = SignedIdentity['method'];

const texts: Record<
  Language,
  {
    heading: string;
    document: string;
    identified: string;
    identityCode: string;
    seal: string;
    attached: (fileName: string) => string;
    attachmentDescription: string;
    methods: Record<Identification, string>;
  }
> = {
  fi: {
    heading: 'Allekirjoittajien varmennetut henkilötunnisteet',
    document: 'Asiakirja',
    identified: 'Tunnistettu',
    identityCode: 'Henkilötunnus',
    seal: 'Organisaation sähköinen sinetti',
    attached: (fileName) =>
      `Allekirjoitettu asiakirja on tämän tiedoston liitteenä (${fileName}). Sen allekirjoitukset ovat ennallaan, ja sinetti kattaa liitteen.`,
    attachmentDescription: 'Allekirjoitettu asiakirja',
    methods: {
      'email-code': 'sähköpostiin lähetetty koodi',
      oidc: 'vahva sähköinen tunnistus',
      csc: 'hyväksytty luottamuspalvelu',
    },
  },
  en: {
    heading: "Signers' verified personal identifiers",
    document: 'Document',
    identified: 'Identified by',
    identityCode: 'Personal identity code',
    seal: "The organisation's electronic seal",
    attached: (fileName) =>
      `The signed document is attached to this file (${fileName}). Its signatures are as they were, and the seal covers the attachment.`,
    attachmentDescription: 'The signed document',
    methods: {
      'email-code': 'e-mail code',
      oidc: 'strong electronic identification',
      csc: 'qualified trust service',
    },
  },
  sv: {
    heading: 'Undertecknarnas verifierade personbeteckningar',
    document: 'Dokument',
    identified: 'Identifierad med',
    identityCode: 'Personbeteckning',
    seal: 'Organisationens elektroniska stämpel',
    attached: (fileName) =>
      `Det undertecknade dokumentet är bifogat till den här filen (${fileName}). Dess underskrifter är oförändrade, och stämpeln omfattar bilagan.`,
    attachmentDescription: 'Det undertecknade dokumentet',
    methods: {
      'email-code': 'kod per e-post',
      oidc: 'stark elektronisk identifiering',
      csc: 'kvalificerad betrodd tjänst',
    },
  },
};

const sealFieldName = 'OrganisationSeal';

/** One line per signer: the verified name and e-mail, how they were identified, the identity code. */
function signerLine(signer: SignerRow, language: Language): string {
  const identity = signedIdentityOf(signer);
  const text = texts[language];
  const method: Identification | undefined =
    identity?.method ?? (signer.signature_level === 'Qualified' ? 'csc' : undefined);
  const parts = [
    [identity?.name ?? signer.name, identity?.email ?? signer.email].filter(Boolean).join(', '),
  ];
  if (method) parts.push(`${text.identified}: ${text.methods[method]}`);
  if (identity?.personalIdentityCode)
    parts.push(`${text.identityCode}: ${identity.personalIdentityCode}`);
  return parts.join(' – ');
}

/**
 * Makes the personal signed file in `dir` and answers its path: a document of its own whose
 * page lists the signers' verified identifiers and which carries the signed file, unchanged, as
 * an embedded file (/AF, relationship Source), sealed by the organisation at B-T and brought to
 * B-LTA. Nothing is added to the signed file after its signatures, so every validator reads
 * them as they were. Writes only into `dir`.
 */
export async function addPersonalSignedFile(
  deps: SigningDeps,
  flow: SignFlowRow,
  signers: SignerRow[],
  signed: { path: string; fileName: string },
  dir: string,
): Promise<string> {
  const language = languageOf(flow.language);
  const text = texts[language];
  const organisation = deps.config.organizationName || text.seal;
  const base = join(dir, 'personal-base.pdf');
  const withPage = join(dir, 'personal-page.pdf');
  const withDocument = join(dir, 'personal-document.pdf');
  const sealed = join(dir, 'personal-sealed.pdf');
  const withDss = join(dir, 'personal-dss.pdf');
  const output = join(dir, 'personal.pdf');
  const now = deps.clock.now();
  await writeFile(base, emptyA4Pdf());
  await appendInformationPage({
    input: base,
    output: withPage,
    heading: text.heading,
    lines: [
      `${text.document}: ${flow.name}`,
      '',
      ...[...signers]
        .sort((a, b) => a.position - b.position)
        .map((signer) => signerLine(signer, language)),
      '',
      text.attached(signed.fileName),
    ],
    sealField: {
      name: sealFieldName,
      label: organisation,
      description: organisation === text.seal ? text.seal : `${text.seal}: ${organisation}`,
    },
    language,
  });
  await embedFile(withPage, withDocument, {
    name: signed.fileName,
    data: await readFile(signed.path),
    mimeType: 'application/pdf',
    description: text.attachmentDescription,
    relationship: 'Source',
    modified: now,
  });
  const { seal } = deps.trust;
  const timestamp = (digest: Buffer) => deps.trust.timestamp(digest);
  await signPdf({
    input: withDocument,
    output: sealed,
    signer: keySigner(seal.privateKey, seal.certificate, seal.chain),
    level: 'B-T',
    timestamp,
    fieldName: sealFieldName,
    name: organisation,
    signingTime: now,
    appearance: { lines: [organisation, text.seal], showLevel: false },
  });
  await addFreshValidationData(deps, sealed, withDss);
  await addDocumentTimestamp(withDss, output, timestamp);
  return output;
}
