/**
 * The Finnish personal identity code (henkilötunnus), `DDMMYYCNNNQ`: birth date, century
 * sign, individual number and check character. The century sign is part of the identity
 * (`100190-999P` and `100190Y999P` are different people), so a code is never normalised.
 */
const codePattern = /^(\d{2})(\d{2})(\d{2})([-+A-FU-Y])(\d{3})([0-9A-FHJ-NPR-Y])$/;
const checkCharacters = '0123456789ABCDEFHJKLMNPRSTUVWXY';

/** The 1800s have one sign; the 1900s and 2000s got five more letters in 2023. */
const centuryOf: Record<string, number> = {
  '+': 1800,
  '-': 1900,
  Y: 1900,
  X: 1900,
  W: 1900,
  V: 1900,
  U: 1900,
  A: 2000,
  B: 2000,
  C: 2000,
  D: 2000,
  E: 2000,
  F: 2000,
};

export interface PersonalIdentityCode {
  /** YYYY-MM-DD. */
  birthDate: string;
  /** Individual numbers 900–999 are temporary codes (and what test data uses). */
  temporary: boolean;
}

/** What a valid code says (birth date, temporary or not); null for anything else, lowercase included. */
export function parsePersonalIdentityCode(code: string): PersonalIdentityCode | null {
  const match = codePattern.exec(code);
  if (!match) return null;
  const [, day = '', month = '', shortYear = '', sign = '', individual = '', check = ''] = match;
  const century = centuryOf[sign];
  if (century === undefined) return null;
  const year = century + Number(shortYear);
  const date = new Date(Date.UTC(year, Number(month) - 1, Number(day)));
  // Date.UTC rolls 29.02.2023 over to 01.03.2023; a real date comes back unchanged.
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== Number(month) - 1 ||
    date.getUTCDate() !== Number(day)
  ) {
    return null;
  }
  const individualNumber = Number(individual);
  if (individualNumber < 2) return null; // 000 and 001 are never given
  if (checkCharacters[Number(`${day}${month}${shortYear}${individual}`) % 31] !== check) {
    return null;
  }
  return {
    birthDate: `${String(year)}-${month}-${day}`,
    temporary: individualNumber >= 900,
  };
}

/** True when the code is a well-formed personal identity code with a real date and the right check character. */
export function isValidPersonalIdentityCode(code: string): boolean {
  return parsePersonalIdentityCode(code) !== null;
}
