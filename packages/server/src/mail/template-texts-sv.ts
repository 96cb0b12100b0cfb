import {
  calendarDate,
  code,
  finnishDate,
  link,
  linkIf,
  explainedLinkIf,
  paragraph,
  paragraphIf,
  quote,
  senderOf,
  type MailBlock,
  type MailTexts,
} from './template-blocks.ts';
import type { MailParams } from './template-params.ts';
import { hostOf } from './template-params.ts';

const howToSign: Record<MailParams['invitation']['level'], string> = {
  Low: 'Öppna dokumentet för underskrift via länken nedan. Du bekräftar din identitet med en engångskod som vi skickar till den här e-postadressen.',
  Advanced:
    'Öppna dokumentet för underskrift via länken nedan. Du identifierar dig med stark elektronisk identifiering (bankkoder eller mobilcertifikat), och din underskrift blir en avancerad elektronisk underskrift.',
  Qualified:
    'Öppna dokumentet för underskrift via länken nedan. Du identifierar dig med stark elektronisk identifiering, och en kvalificerad betrodd tjänst skapar en kvalificerad elektronisk underskrift åt dig.',
};

const automatic = paragraph(
  'Det här är ett automatiskt meddelande från Signeringsportalen. Svar på det läses inte.',
);

/** Where anyone can check the signed document's signatures (a message queued before had none). */
const checkSignatures = (url: string | undefined) =>
  explainedLinkIf(
    'Vem som helst kan kontrollera underskrifterna i det undertecknade dokumentet på portalens kontrollsida.',
    'Kontrollera underskrifterna',
    url,
  );

function signingRequest(params: MailParams['invitation'], opening: string): MailBlock[] {
  return [
    paragraph(opening),
    ...paragraphIf(
      params.deadline,
      () => `Underteckna senast ${finnishDate(params.deadline ?? '', 'sv-SE')}.`,
    ),
    paragraph(howToSign[params.level]),
    ...quote('Meddelande från avsändaren:', params.note),
    link('Öppna dokumentet för underskrift', params.link),
    paragraph('Länken är personlig, så vidarebefordra inte det här meddelandet.'),
    automatic,
  ];
}

/** Swedish mail. */
export const swedishMail: MailTexts = {
  invitation: (params) => ({
    subject: `Signeringsbegäran: ${params.flowName}`,
    blocks: signingRequest(
      params,
      `${senderOf(params)} ber dig att underteckna dokumentet ”${params.flowName}”.`,
    ),
  }),
  reminder: (params) => ({
    subject: `Påminnelse: signeringsbegäran ${params.flowName}`,
    blocks: signingRequest(
      params,
      `En påminnelse: ${senderOf(params)} har bett dig att underteckna dokumentet ”${params.flowName}”, och din underskrift saknas fortfarande.`,
    ),
  }),
  code: (params) => ({
    subject: `Din kod för underskrift: ${params.flowName}`,
    blocks: [
      paragraph(`Din engångskod för att underteckna dokumentet ”${params.flowName}” är:`),
      code(params.code),
      paragraph(
        `Koden gäller i ${params.validMinutes} minuter. Om du inte bad om koden kan du bortse från det här meddelandet.`,
      ),
      automatic,
    ],
  }),
  rejected: (params) => ({
    subject: `Signeringsbegäran avslutad: ${params.flowName} avvisades`,
    blocks: [
      paragraph(
        `${params.signerName} avvisade dokumentet ”${params.flowName}”, så signeringsbegäran har avslutats och inga fler underskrifter samlas in.`,
      ),
      ...quote('Kommentar:', params.comment),
      ...linkIf('Öppna signeringsbegäran', params.link),
      automatic,
    ],
  }),
  cancelled: (params) => ({
    subject: `Signeringsbegäran återkallad: ${params.flowName}`,
    blocks: [
      paragraph(
        `${senderOf(params)} återkallade signeringsbegäran för dokumentet ”${params.flowName}”. Du behöver inte längre underteckna det, och länken du fick fungerar inte längre.`,
      ),
      ...quote('Avsändarens kommentar:', params.comment),
      automatic,
    ],
  }),
  finished: (params) => ({
    subject: `Undertecknat: ${params.flowName}`,
    blocks: [
      paragraph(
        `Alla undertecknare har undertecknat dokumentet ”${params.flowName}”. Det undertecknade dokumentet finns i Signeringsportalen.`,
      ),
      link('Öppna signeringsbegäran', params.link),
      ...checkSignatures(params.verifyLink),
      automatic,
    ],
  }),
  signedCopy: (params) => ({
    subject: `Undertecknat dokument: ${params.flowName}`,
    blocks: [
      paragraph(
        `Alla undertecknare har undertecknat dokumentet ”${params.flowName}” som ${senderOf(params)} skickade för underskrift.`,
      ),
      paragraph(
        params.attached
          ? 'Det undertecknade dokumentet finns som bilaga till det här meddelandet. Du kan också ladda ner det via länken nedan.'
          : 'Du kan ladda ner det undertecknade dokumentet via länken nedan.',
      ),
      link('Ladda ner det undertecknade dokumentet', params.link),
      paragraph(
        `Länken fungerar fram till den ${finnishDate(params.validUntil, 'sv-SE')}. Därefter kan du be avsändaren om en kopia.`,
      ),
      paragraph('Länken är personlig, så vidarebefordra inte det här meddelandet.'),
      ...checkSignatures(params.verifyLink),
      automatic,
    ],
  }),
  copySent: (params) => ({
    subject: `För kännedom: ${params.flowName}`,
    blocks: [
      paragraph(
        `${senderOf(params)} har skickat dokumentet ”${params.flowName}” för underskrift och angett dig som kopiemottagare. Du behöver inte göra något: du undertecknar inte dokumentet.`,
      ),
      ...paragraphIf(
        params.deadline,
        () =>
          `Undertecknarna ombeds underteckna senast den ${finnishDate(params.deadline ?? '', 'sv-SE')}.`,
      ),
      paragraph(
        'När alla har undertecknat får du det undertecknade dokumentet och dess bevisrapport per e-post.',
      ),
      ...quote('Meddelande från avsändaren:', params.note),
      automatic,
    ],
  }),
  viewerInvitation: (params) => ({
    subject: `Ett dokument att läsa: ${params.flowName}`,
    blocks: [
      paragraph(
        `${senderOf(params)} har skickat dokumentet ”${params.flowName}” för underskrift och angett dig som läsare: du kan läsa dokumentet så länge signeringsbegäran är öppen. Du undertecknar inte dokumentet.`,
      ),
      ...quote('Meddelande från avsändaren:', params.note),
      link('Läs dokumentet', params.link),
      ...paragraphIf(
        params.deadline,
        () =>
          `Länken fungerar så länge signeringsbegäran är öppen, längst till den ${finnishDate(params.deadline ?? '', 'sv-SE')}.`,
      ),
      paragraph('Länken är personlig, så vidarebefordra inte det här meddelandet.'),
      automatic,
    ],
  }),
  copyFinished: (params) => ({
    subject: `Undertecknat dokument: ${params.flowName}`,
    blocks: [
      paragraph(
        `Alla undertecknare har undertecknat dokumentet ”${params.flowName}” som ${senderOf(params)} skickade för underskrift. Du får det som kopiemottagare.`,
      ),
      paragraph(
        params.attached
          ? 'Det undertecknade dokumentet finns som bilaga till det här meddelandet. Du kan också ladda ner det och dess bevisrapport via länkarna nedan.'
          : 'Du kan ladda ner det undertecknade dokumentet och dess bevisrapport via länkarna nedan.',
      ),
      link('Ladda ner det undertecknade dokumentet', params.link),
      ...linkIf('Ladda ner bevisrapporten', params.evidenceLink),
      paragraph(
        `Länkarna fungerar fram till den ${finnishDate(params.validUntil, 'sv-SE')}. Därefter kan du be avsändaren om en kopia.`,
      ),
      paragraph('Länkarna är personliga, så vidarebefordra inte det här meddelandet.'),
      ...checkSignatures(params.verifyLink),
      automatic,
    ],
  }),
  inspector: (params) => ({
    subject: `Ett undertecknat dokument att granska: ${params.flowName}`,
    blocks: [
      paragraph(
        `${senderOf(params)} har utsett dig till granskare av dokumentet ”${params.flowName}”. Alla undertecknare har undertecknat det, och du kan se det undertecknade dokumentet via länken nedan. Med länken kan du se dokumentet men inte ändra det.`,
      ),
      link('Visa det undertecknade dokumentet', params.link),
      ...checkSignatures(params.verifyLink),
      automatic,
    ],
  }),
  failed: (params) => ({
    subject: `Behandlingen misslyckades: ${params.flowName}`,
    blocks: [
      paragraph(
        `Behandlingen av signeringsbegäran ”${params.flowName}” misslyckades, och den har inte slutförts.`,
      ),
      ...quote('Orsak:', params.reason),
      paragraph('Du kan försöka igen med statuskontrollen på begärans sida.'),
      link('Öppna signeringsbegäran', params.link),
      automatic,
    ],
  }),
  deadlineExtended: (params) => ({
    subject: `Mer tid att underteckna: ${params.flowName}`,
    blocks: [
      paragraph(
        `${senderOf(params)} har förlängt tidsfristen för signeringsbegäran för dokumentet ”${params.flowName}”. Underteckna senast ${calendarDate(params.expiryDate, 'sv-SE')}.`,
      ),
      link('Öppna dokumentet för underskrift', params.link),
      paragraph('Länken är personlig: vidarebefordra inte det här meddelandet.'),
      automatic,
    ],
  }),
  viewerDeadlineExtended: (params) => ({
    subject: `Mer tid att läsa: ${params.flowName}`,
    blocks: [
      paragraph(
        `${senderOf(params)} har förlängt tidsfristen för signeringsbegäran för dokumentet ”${params.flowName}”, som du har fått för att läsa. Din länk fungerar så länge begäran är öppen, senast till slutet av ${calendarDate(params.expiryDate, 'sv-SE')}. Du undertecknar det inte.`,
      ),
      link('Läs dokumentet', params.link),
      paragraph('Länken är personlig, så vidarebefordra inte det här meddelandet.'),
      automatic,
    ],
  }),
  expired: (params) => ({
    subject: `Signeringsbegäran har gått ut: ${params.flowName}`,
    blocks: [
      paragraph(
        `Signeringsbegäran från ${senderOf(params)} för dokumentet ”${params.flowName}” har gått ut: tidsfristen löpte ut innan alla hade undertecknat. Du behöver inte längre underteckna det, och länken du fick fungerar inte längre.`,
      ),
      automatic,
    ],
  }),
  webhookDisabled: (params) => ({
    subject: `Webhooken har stängts av: ${hostOf(params.url)}`,
    blocks: [
      paragraph(
        `Signeringsportalen stängde av webhooken som skickade händelser till ${params.url}: varje leverans har misslyckats sedan ${finnishDate(params.failingSince, 'sv-SE')}. Kontrollera den mottagande tjänsten och slå sedan på webhooken igen på sidan Webhooks, där misslyckade leveranser också kan skickas på nytt.`,
      ),
      link('Öppna sidan Webhooks', params.link),
      automatic,
    ],
  }),
  expiredSender: (params) => ({
    subject: `Signeringsbegäran har gått ut: ${params.flowName}`,
    blocks: [
      paragraph(
        `Tidsfristen för signeringsbegäran ”${params.flowName}” löpte ut med ${params.signed} av ${params.total} underskrifter, så begäran avslutades utan ett undertecknat dokument. Du kan kopiera den som en ny begäran och skicka den igen.`,
      ),
      link('Öppna signeringsbegäran', params.link),
      automatic,
    ],
  }),
  linkLocked: (params) => ({
    subject: `Länken för underskrift har låsts: ${params.flowName}`,
    blocks: [
      paragraph(
        `Länken för underskrift som ${params.signerName} (${params.signerEmail}) fick för dokumentet ”${params.flowName}” har låsts, eftersom e-postkoden begärdes eller angavs fel för många gånger.`,
      ),
      paragraph(
        'Om det var undertecknaren själv kan du låsa upp länken på signeringsbegärans sida: undertecknaren får sin länk på nytt och kan begära en ny kod. Om du misstänker att någon annan har länken, återkalla begäran i stället.',
      ),
      link('Öppna signeringsbegäran', params.link),
      automatic,
    ],
  }),
  linkUnlocked: (params) => ({
    subject: `Du kan skriva under igen: ${params.flowName}`,
    blocks: [
      paragraph(
        `${params.senderName} har låst upp din länk för underskrift av dokumentet ”${params.flowName}”. Öppna länken och begär en ny kod för att skriva under.`,
      ),
      link('Öppna dokumentet för underskrift', params.link),
      paragraph('Länken är personlig: vidarebefordra inte det här meddelandet.'),
      automatic,
    ],
  }),
};
