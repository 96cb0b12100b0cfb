import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The checks of docs/glossary.md that a machine can make, over every web catalogue and mail.

type Catalogue = { [key: string]: string | Catalogue };
const languages = ['fi', 'en', 'sv'] as const;
type Language = (typeof languages)[number];

const catalogue = (language: Language) =>
  JSON.parse(
    readFileSync(new URL(`../../../web/src/locales/${language}.json`, import.meta.url), 'utf8'),
  ) as Catalogue;
const mailSource = (language: Language) =>
  readFileSync(new URL(`./template-texts-${language}.ts`, import.meta.url), 'utf8');

/** Every text of a catalogue with its key. */
function texts(node: Catalogue, prefix = ''): Array<[string, string]> {
  return Object.entries(node).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : texts(value, `${prefix}${key}.`),
  );
}
const at = (node: Catalogue, path: string) =>
  path
    .split('.')
    .reduce<string | Catalogue | undefined>(
      (found, part) => (typeof found === 'object' ? found[part] : undefined),
      node,
    );

const levelNames: Record<Language, Record<'Low' | 'Advanced' | 'Qualified', string>> = {
  fi: {
    Low: 'Sähköinen perusallekirjoitus',
    Advanced: 'Kehittynyt sähköinen allekirjoitus',
    Qualified: 'Hyväksytty sähköinen allekirjoitus',
  },
  en: {
    Low: 'Simple electronic signature',
    Advanced: 'Advanced electronic signature',
    Qualified: 'Qualified electronic signature',
  },
  sv: {
    Low: 'Enkel elektronisk underskrift',
    Advanced: 'Avancerad elektronisk underskrift',
    Qualified: 'Kvalificerad elektronisk underskrift',
  },
};

describe.each(languages)('the glossary in %s', (language) => {
  const shown = texts(catalogue(language));

  it('names each signature level in full, for the sender and the signer alike', () => {
    for (const [level, name] of Object.entries(levelNames[language])) {
      expect(at(catalogue(language), `signflow.signatureLevel.${level}`)).toBe(name);
      expect(at(catalogue(language), `signing.level.${level}`)).toMatch(new RegExp(`^${name}:`));
    }
  });

  it('calls the personal data queries the same in the menu and on the page', () => {
    const page = at(catalogue(language), 'personalReports.title');
    expect(at(catalogue(language), 'nav.personalReports')).toBe(page);
  });

  if (language === 'fi')
    it('never says Hyväksytty alone, which reads as Approved', () => {
      const alone = shown.filter(([, text]) =>
        /(?<!\p{L})hyväksytty(?!\p{L})(?! sähköinen)/iu.test(text),
      );
      expect(alone).toEqual([]);
    });

  if (language === 'sv')
    it('signs with underteckna, never signera, and calls a flow a signeringsbegäran', () => {
      const sources = [...shown.map(([key, text]) => `${key}: ${text}`), mailSource('sv')];
      const mixed = sources.filter((text) =>
        /(?<!\p{L})signer(a|ar|as|ad|ade|at)(?!\p{L})/iu.test(text),
      );
      expect(mixed).toEqual([]);
      expect(sources.filter((text) => /begäran om underskrift/i.test(text))).toEqual([]);
    });

  if (language === 'sv')
    it('says återkalla, as the mails do, wherever the sender cancels a request', () => {
      const cancelling = [
        'nav.canceled',
        'signflow.list.columns.cancelled',
        'signflow.list.actions.cancel',
        'signflow.cancelDialog.title',
        'signflow.cancelDialog.warning',
        'signflow.cancelDialog.confirm',
        'signflow.cancelDialog.done',
        'signflow.status.Cancelled',
        'signflow.detailsStatus.Cancelled',
        'signflow.timeline.operations.cancelled',
        'signflow.page.outcome.cancelledBy',
        'signflow.page.actions.cancel',
        'signing.state.FlowCancelled',
      ];
      const other = cancelling.filter(
        (key) => !/återkall/i.test(String(at(catalogue(language), key))),
      );
      expect(other).toEqual([]);
      expect(mailSource('sv')).not.toMatch(/avbr(yt|öt|uten)/i);
    });
});
