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
  Low: 'Avaa asiakirja allekirjoitettavaksi alla olevasta linkistä. Vahvistat henkilöllisyytesi kertakäyttöisellä koodilla, jonka lähetämme tähän sähköpostiosoitteeseen.',
  Advanced:
    'Avaa asiakirja allekirjoitettavaksi alla olevasta linkistä. Tunnistaudut vahvalla sähköisellä tunnistuksella (verkkopankkitunnukset tai mobiilivarmenne), ja allekirjoituksesi on kehittynyt sähköinen allekirjoitus.',
  Qualified:
    'Avaa asiakirja allekirjoitettavaksi alla olevasta linkistä. Tunnistaudut vahvalla sähköisellä tunnistuksella, ja hyväksytty luottamuspalvelu luo sinulle hyväksytyn sähköisen allekirjoituksen.',
};

const automatic = paragraph(
  'Tämä on Allekirjoitusportaalin automaattinen viesti. Siihen vastaamalla et tavoita ketään.',
);

/** Where anyone can check the signed document's signatures (a message queued before had none). */
const checkSignatures = (url: string | undefined) =>
  explainedLinkIf(
    'Kuka tahansa voi tarkistaa allekirjoitetun asiakirjan allekirjoitukset portaalin tarkistussivulla.',
    'Tarkista allekirjoitukset',
    url,
  );

function signingRequest(params: MailParams['invitation'], opening: string): MailBlock[] {
  return [
    paragraph(opening),
    ...paragraphIf(
      params.deadline,
      () => `Allekirjoitathan viimeistään ${finnishDate(params.deadline ?? '', 'fi-FI')}.`,
    ),
    paragraph(howToSign[params.level]),
    ...quote('Lähettäjän viesti:', params.note),
    link('Avaa asiakirja allekirjoitettavaksi', params.link),
    paragraph('Linkki on henkilökohtainen, joten älä välitä tätä viestiä eteenpäin.'),
    automatic,
  ];
}

/** Finnish mail, also for any language the portal has no mail texts for. */
export const finnishMail: MailTexts = {
  invitation: (params) => ({
    subject: `Allekirjoituspyyntö: ${params.flowName}`,
    blocks: signingRequest(
      params,
      `${senderOf(params)} pyytää sinua allekirjoittamaan asiakirjan ”${params.flowName}”.`,
    ),
  }),
  reminder: (params) => ({
    subject: `Muistutus: allekirjoituspyyntö ${params.flowName}`,
    blocks: signingRequest(
      params,
      `Muistutus: ${senderOf(params)} on pyytänyt sinua allekirjoittamaan asiakirjan ”${params.flowName}”, eikä allekirjoitustasi ole vielä saatu.`,
    ),
  }),
  code: (params) => ({
    subject: `Allekirjoituksen vahvistuskoodi: ${params.flowName}`,
    blocks: [
      paragraph(`Kertakäyttöinen koodisi asiakirjan ”${params.flowName}” allekirjoittamiseen on:`),
      code(params.code),
      paragraph(
        `Koodi on voimassa ${params.validMinutes} minuuttia. Jos et pyytänyt koodia, voit jättää tämän viestin huomiotta.`,
      ),
      automatic,
    ],
  }),
  rejected: (params) => ({
    subject: `Allekirjoituspyyntö päättyi: ${params.flowName} hylättiin`,
    blocks: [
      paragraph(
        `${params.signerName} hylkäsi asiakirjan ”${params.flowName}”, joten allekirjoituspyyntö on päättynyt eikä muita allekirjoituksia kerätä.`,
      ),
      ...quote('Hylkääjän kommentti:', params.comment),
      ...linkIf('Avaa allekirjoituspyyntö', params.link),
      automatic,
    ],
  }),
  cancelled: (params) => ({
    subject: `Allekirjoituspyyntö peruttu: ${params.flowName}`,
    blocks: [
      paragraph(
        `${senderOf(params)} perui asiakirjan ”${params.flowName}” allekirjoituspyynnön. Sinun ei enää tarvitse allekirjoittaa sitä, eikä saamasi allekirjoituslinkki enää toimi.`,
      ),
      ...quote('Lähettäjän kommentti:', params.comment),
      automatic,
    ],
  }),
  finished: (params) => ({
    subject: `Allekirjoitettu: ${params.flowName}`,
    blocks: [
      paragraph(
        `Kaikki allekirjoittajat ovat allekirjoittaneet asiakirjan ”${params.flowName}”. Allekirjoitettu asiakirja on valmiina Allekirjoitusportaalissa.`,
      ),
      link('Avaa allekirjoituspyyntö', params.link),
      ...checkSignatures(params.verifyLink),
      automatic,
    ],
  }),
  signedCopy: (params) => ({
    subject: `Allekirjoitettu asiakirja: ${params.flowName}`,
    blocks: [
      paragraph(
        `Kaikki allekirjoittajat ovat allekirjoittaneet asiakirjan ”${params.flowName}”, jonka ${senderOf(params)} lähetti allekirjoitettavaksi.`,
      ),
      paragraph(
        params.attached
          ? 'Allekirjoitettu asiakirja on tämän viestin liitteenä. Voit myös ladata sen alla olevasta linkistä.'
          : 'Voit ladata allekirjoitetun asiakirjan alla olevasta linkistä.',
      ),
      link('Lataa allekirjoitettu asiakirja', params.link),
      paragraph(
        `Linkki toimii ${finnishDate(params.validUntil, 'fi-FI')} asti. Sen jälkeen voit pyytää asiakirjaa lähettäjältä.`,
      ),
      paragraph('Linkki on henkilökohtainen, joten älä välitä tätä viestiä eteenpäin.'),
      ...checkSignatures(params.verifyLink),
      automatic,
    ],
  }),
  copySent: (params) => ({
    subject: `Tiedoksi: ${params.flowName}`,
    blocks: [
      paragraph(
        `${senderOf(params)} on lähettänyt asiakirjan ”${params.flowName}” allekirjoitettavaksi ja nimennyt sinut sen kopion saajaksi. Sinun ei tarvitse tehdä mitään: et allekirjoita asiakirjaa.`,
      ),
      ...paragraphIf(
        params.deadline,
        () =>
          `Allekirjoittajia pyydetään allekirjoittamaan viimeistään ${finnishDate(params.deadline ?? '', 'fi-FI')}.`,
      ),
      paragraph(
        'Kun kaikki ovat allekirjoittaneet, saat allekirjoitetun asiakirjan ja sen todisteraportin sähköpostitse.',
      ),
      ...quote('Lähettäjän viesti:', params.note),
      automatic,
    ],
  }),
  viewerInvitation: (params) => ({
    subject: `Asiakirja luettavaksesi: ${params.flowName}`,
    blocks: [
      paragraph(
        `${senderOf(params)} on lähettänyt asiakirjan ”${params.flowName}” allekirjoitettavaksi ja nimennyt sinut sen katselijaksi: voit lukea asiakirjaa niin kauan kuin allekirjoituspyyntö on avoinna. Et allekirjoita asiakirjaa.`,
      ),
      ...quote('Lähettäjän viesti:', params.note),
      link('Lue asiakirja', params.link),
      ...paragraphIf(
        params.deadline,
        () =>
          `Linkki toimii niin kauan kuin allekirjoituspyyntö on avoinna, enintään ${finnishDate(params.deadline ?? '', 'fi-FI')} asti.`,
      ),
      paragraph('Linkki on henkilökohtainen, joten älä välitä tätä viestiä eteenpäin.'),
      automatic,
    ],
  }),
  copyFinished: (params) => ({
    subject: `Allekirjoitettu asiakirja: ${params.flowName}`,
    blocks: [
      paragraph(
        `Kaikki allekirjoittajat ovat allekirjoittaneet asiakirjan ”${params.flowName}”, jonka ${senderOf(params)} lähetti allekirjoitettavaksi. Saat sen kopion saajana.`,
      ),
      paragraph(
        params.attached
          ? 'Allekirjoitettu asiakirja on tämän viestin liitteenä. Voit myös ladata sen ja sen todisteraportin alla olevista linkeistä.'
          : 'Voit ladata allekirjoitetun asiakirjan ja sen todisteraportin alla olevista linkeistä.',
      ),
      link('Lataa allekirjoitettu asiakirja', params.link),
      ...linkIf('Lataa todisteraportti', params.evidenceLink),
      paragraph(
        `Linkit toimivat ${finnishDate(params.validUntil, 'fi-FI')} asti. Sen jälkeen voit pyytää asiakirjaa lähettäjältä.`,
      ),
      paragraph('Linkit ovat henkilökohtaisia, joten älä välitä tätä viestiä eteenpäin.'),
      ...checkSignatures(params.verifyLink),
      automatic,
    ],
  }),
  inspector: (params) => ({
    subject: `Allekirjoitettu asiakirja nähtäväksesi: ${params.flowName}`,
    blocks: [
      paragraph(
        `${senderOf(params)} on nimennyt sinut asiakirjan ”${params.flowName}” tarkastajaksi. Kaikki allekirjoittajat ovat allekirjoittaneet sen, ja näet allekirjoitetun asiakirjan alla olevasta linkistä. Linkillä voi vain katsella asiakirjaa, ei muuttaa sitä.`,
      ),
      link('Näytä allekirjoitettu asiakirja', params.link),
      ...checkSignatures(params.verifyLink),
      automatic,
    ],
  }),
  failed: (params) => ({
    subject: `Käsittely epäonnistui: ${params.flowName}`,
    blocks: [
      paragraph(
        `Allekirjoituspyynnön ”${params.flowName}” käsittely epäonnistui, eikä sitä ole saatu valmiiksi.`,
      ),
      ...quote('Syy:', params.reason),
      paragraph('Voit yrittää uudelleen pyynnön sivun tilantarkistuksella.'),
      link('Avaa allekirjoituspyyntö', params.link),
      automatic,
    ],
  }),
  deadlineExtended: (params) => ({
    subject: `Lisää aikaa allekirjoittaa: ${params.flowName}`,
    blocks: [
      paragraph(
        `${senderOf(params)} jatkoi asiakirjan ”${params.flowName}” allekirjoituspyynnön määräaikaa. Allekirjoitathan viimeistään ${calendarDate(params.expiryDate, 'fi-FI')}.`,
      ),
      link('Avaa asiakirja allekirjoitettavaksi', params.link),
      paragraph('Linkki on henkilökohtainen: älä välitä tätä viestiä eteenpäin.'),
      automatic,
    ],
  }),
  viewerDeadlineExtended: (params) => ({
    subject: `Lisää aikaa lukea: ${params.flowName}`,
    blocks: [
      paragraph(
        `${senderOf(params)} jatkoi sinulle luettavaksi lähetetyn asiakirjan ”${params.flowName}” allekirjoituspyynnön määräaikaa. Linkkisi toimii niin kauan kuin pyyntö on avoinna, viimeistään ${calendarDate(params.expiryDate, 'fi-FI')} loppuun. Sinun ei tarvitse allekirjoittaa asiakirjaa.`,
      ),
      link('Lue asiakirja', params.link),
      paragraph('Linkki on henkilökohtainen, joten älä välitä tätä viestiä eteenpäin.'),
      automatic,
    ],
  }),
  expired: (params) => ({
    subject: `Allekirjoituspyyntö vanhentui: ${params.flowName}`,
    blocks: [
      paragraph(
        `Lähettäjän ${senderOf(params)} allekirjoituspyyntö asiakirjasta ”${params.flowName}” on vanhentunut: sen määräaika umpeutui ennen kuin kaikki olivat allekirjoittaneet. Sinun ei enää tarvitse allekirjoittaa sitä, eikä saamasi allekirjoituslinkki enää toimi.`,
      ),
      automatic,
    ],
  }),
  webhookDisabled: (params) => ({
    subject: `Webhook poistettiin käytöstä: ${hostOf(params.url)}`,
    blocks: [
      paragraph(
        `Allekirjoitusportaali poisti käytöstä webhookin, joka lähetti tapahtumat osoitteeseen ${params.url}: jokainen toimitus on epäonnistunut ${finnishDate(params.failingSince, 'fi-FI')} lähtien. Tarkista vastaanottava palvelu ja ota webhook uudelleen käyttöön Webhookit-sivulla; epäonnistuneet toimitukset voi lähettää sieltä uudelleen.`,
      ),
      link('Avaa Webhookit-sivu', params.link),
      automatic,
    ],
  }),
  expiredSender: (params) => ({
    subject: `Allekirjoituspyyntö vanhentui: ${params.flowName}`,
    blocks: [
      paragraph(
        `Allekirjoituspyynnön ”${params.flowName}” määräaika umpeutui, kun allekirjoituksia oli ${params.signed}/${params.total}. Pyyntö päättyi ilman allekirjoitettua asiakirjaa. Voit kopioida sen uudeksi pyynnöksi ja lähettää uudelleen.`,
      ),
      link('Avaa allekirjoituspyyntö', params.link),
      automatic,
    ],
  }),
  linkLocked: (params) => ({
    subject: `Allekirjoituslinkki lukittu: ${params.flowName}`,
    blocks: [
      paragraph(
        `Allekirjoittajan ${params.signerName} (${params.signerEmail}) linkillä pyydettiin sähköpostikoodia tai koodi syötettiin väärin liian monta kertaa, joten hänen allekirjoituslinkkinsä asiakirjaan ”${params.flowName}” on lukittu.`,
      ),
      paragraph(
        'Jos koodia yritti allekirjoittaja itse, avaa linkin lukitus allekirjoituspyynnön sivulla: allekirjoittaja saa linkkinsä uudelleen ja voi pyytää uuden koodin. Jos epäilet, että linkki on jonkun muun hallussa, peru pyyntö.',
      ),
      link('Avaa allekirjoituspyyntö', params.link),
      automatic,
    ],
  }),
  linkUnlocked: (params) => ({
    subject: `Voit allekirjoittaa taas: ${params.flowName}`,
    blocks: [
      paragraph(
        `${params.senderName} avasi allekirjoituslinkkisi lukituksen asiakirjaan ”${params.flowName}”. Avaa linkki ja pyydä uusi koodi allekirjoittaaksesi.`,
      ),
      link('Avaa asiakirja allekirjoitettavaksi', params.link),
      paragraph('Linkki on henkilökohtainen: älä välitä tätä viestiä eteenpäin.'),
      automatic,
    ],
  }),
};
