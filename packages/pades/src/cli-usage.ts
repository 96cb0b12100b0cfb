const commands = {
  sign: `pades sign --in IN.pdf --out OUT.pdf --p12 FILE.p12 --password PW [--level B-B|B-T|B-LT|B-LTA] [--tsa URL] [--field NAME] [--reason TEXT] [--location TEXT]

Signs IN.pdf with the key and certificate of FILE.p12 into OUT.pdf, as an incremental update.
  --level     B-B (default), B-T (a signature time stamp), B-LT (and a /DSS with the chain's
              certificates and CRLs, fetched from their distribution points), B-LTA (and a
              document time stamp over it)
  --tsa       the time-stamp authority for B-T and up (default: TSA_URL)
  --field     an empty signature field to sign (default: a new invisible one)
  --reason, --location  written into the signature dictionary`,
  timestamp: `pades timestamp --in IN.pdf --out OUT.pdf [--tsa URL]

Adds a document time stamp (ETSI.RFC3161) over all of IN.pdf into OUT.pdf.
  --tsa       the time-stamp authority (default: TSA_URL)`,
  verify: `pades verify IN.pdf [--json] [--trust CA.pem ...] [--at TIME]

Checks each signature and document time stamp of IN.pdf: the signed bytes, the signature,
its time stamp, what was changed after it, the chain, revocation and the PAdES level.
  --json      the reports as JSON
  --trust     a trust anchor (PEM or DER); give it again for more
  --at        judge validity at this time (ISO 8601, e.g. 2031-01-01T00:00:00Z; now when unset):
              a time stamp whose TSA certificate expired by then holds only under a later
              document time stamp made while it was valid
Exits 1 when a signature is invalid, untrusted or revoked, a time stamp is damaged, a later
update changed what PAdES does not allow after a signature, or there is no signature.`,
} as const;

export type CommandName = keyof typeof commands;

export const isCommand = (name: string | undefined): name is CommandName =>
  name !== undefined && Object.hasOwn(commands, name);

/** The usage of one command with its options, or of all of them. */
export function usageOf(command?: CommandName): string {
  if (command) return `Usage: ${commands[command]}`;
  const lines = Object.values(commands).map((text) => `  ${text.split('\n')[0]}`);
  return [
    'Usage:',
    ...lines,
    '',
    "Run 'pades <command> --help' for what a command does and its options.",
    'Exit codes: 0 done (verify: every signature holds), 1 verify found a problem, 2 an error.',
  ].join('\n');
}
