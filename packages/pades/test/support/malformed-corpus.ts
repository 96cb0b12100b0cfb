import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import {
  baseDocuments,
  replaced,
  seededRandom,
  streamRanges,
  type Entries,
} from './corpus-bases.ts';
import { badUpdates, deepNesting, pageTreeCycles } from './malformed-documents.ts';
import { brokenCrossReferences, brokenObjectStreams } from './malformed-references.ts';

/** One generated file: what was done to it, and its bytes. */
export interface MalformedPdf {
  name: string;
  kind: string;
  bytes: Buffer;
}

/** Each base cut at 15 places: just before its last %%EOF, startxref and trailer, and seeded ones. */
function truncations(bases: Record<string, Buffer>, random: () => number): Entries {
  return Object.entries(bases).flatMap(([name, pdf]) => {
    const text = pdf.toString('latin1');
    const cuts = new Set(
      [
        text.lastIndexOf('%%EOF'),
        text.lastIndexOf('startxref'),
        text.lastIndexOf('trailer'),
      ].filter((at) => at > 0),
    );
    while (cuts.size < 15) cuts.add(Math.floor(random() * pdf.length));
    return [...cuts].map((cut): [string, Buffer] => [
      `${name} cut at ${cut}`,
      pdf.subarray(0, cut),
    ]);
  });
}

/** Each base with 1 to 12 seeded bytes changed anywhere, 25 times. */
function byteFlips(bases: Record<string, Buffer>, random: () => number): Entries {
  return Object.entries(bases).flatMap(([name, pdf]) =>
    Array.from({ length: 25 }, (_, run): [string, Buffer] => {
      const copy = Buffer.from(pdf);
      const changes = 1 + Math.floor(random() * 12);
      for (let index = 0; index < changes; index += 1)
        copy[Math.floor(random() * copy.length)] = Math.floor(random() * 256);
      return [`${name} with ${changes} bytes changed (run ${run})`, copy];
    }),
  );
}

/**
 * Damage inside compressed streams, which zlib answers with Z_DATA_ERROR (a bad byte, a bad
 * check sum) or Z_BUF_ERROR (data cut short by a smaller /Length, offsets unchanged).
 */
function compressedDamage(bases: Record<string, Buffer>, random: () => number): Entries {
  return Object.entries(bases).flatMap(([name, pdf]) =>
    streamRanges(pdf).flatMap(({ start, end }, index): Entries => {
      const length = end - start;
      const flip = (at: number, mask: number) => {
        const copy = Buffer.from(pdf);
        copy[at] = (copy[at] ?? 0) ^ mask;
        return copy;
      };
      const flipped = flip(start + Math.floor(random() * length), 0x5a);
      const checksum = flip(end - 1, 0xff);
      const shorter = Math.max(1, Math.floor(length / 2));
      return [
        [`${name} stream ${index} with a damaged byte`, flipped],
        [`${name} stream ${index} with a wrong check sum`, checksum],
        [
          `${name} stream ${index} with /Length ${shorter} instead of ${length}`,
          replaced(pdf, `/Length ${length} `, `/Length ${shorter} `),
        ],
      ];
    }),
  );
}

/** Files that are no PDF at all, or only pretend to be. */
function notPdfs(random: () => number): Entries {
  const bytes = (length: number) =>
    Buffer.from(Array.from({ length }, () => Math.floor(random() * 256)));
  const header = '%PDF-1.7\n';
  const zip = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), bytes(200)]);
  return [
    ['empty', Buffer.alloc(0)],
    ['one byte', Buffer.from('%')],
    ['a header alone', Buffer.from(header)],
    ['a header and an end', Buffer.from(`${header}%%EOF\n`)],
    ['a header repeated', Buffer.from(header.repeat(200))],
    ['startxref to itself', Buffer.from(`${header}startxref\n9\n%%EOF\n`)],
    [
      'startxref to a table with nothing',
      Buffer.from(`${header}xref\ntrailer\n<< >>\nstartxref\n9\n%%EOF\n`),
    ],
    [
      'a trailer without objects',
      Buffer.from(
        `${header}xref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size 1 /Root 1 0 R >>\nstartxref\n9\n%%EOF\n`,
      ),
    ],
    ['plain text', Buffer.from('Tämä on sopimus, ei PDF.\n'.repeat(40))],
    ['HTML', Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>')],
    ['HTML mentioning %PDF-1.7', Buffer.from(`<html>${header}</html>`.repeat(20))],
    ['JSON', Buffer.from(JSON.stringify({ pdf: header, trailer: 'startxref' }))],
    ['XML', Buffer.from('<?xml version="1.0"?><pdf version="1.7"/>')],
    [
      'PostScript',
      Buffer.from('%!PS-Adobe-3.0\n/Helvetica findfont 12 scalefont setfont\nshowpage\n'),
    ],
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['UTF-16 text', Buffer.from('\ufeffSopimus ilman PDF:ää', 'utf16le')],
    ['a PNG signature', Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), bytes(120)])],
    ['a JPEG signature', Buffer.concat([Buffer.from('ffd8ffe0', 'hex'), bytes(120)])],
    ['a ZIP', zip],
    ['a ZIP holding a PDF header', Buffer.concat([zip, Buffer.from(header)])],
    ['a PDF header after 2 KiB of zeros', Buffer.concat([Buffer.alloc(2048), Buffer.from(header)])],
    ['a deflated PDF', deflateSync(Buffer.from(`${header}1 0 obj\n<< >>\nendobj\n%%EOF\n`))],
    ...[16, 64, 512, 4096, 65536].map((length): [string, Buffer] => [
      `${length} random bytes`,
      bytes(length),
    ]),
    ...[64, 512, 4096].map((length): [string, Buffer] => [
      `a header and ${length} random bytes`,
      Buffer.concat([Buffer.from(header), bytes(length)]),
    ]),
    ...[64, 512, 4096].map((length): [string, Buffer] => [
      `a header, ${length} random bytes and a startxref`,
      Buffer.concat([
        Buffer.from(header),
        bytes(length),
        Buffer.from(`\nstartxref\n${9 + Math.floor(length / 2)}\n%%EOF\n`),
      ]),
    ]),
    ['NUL bytes', Buffer.alloc(4096)],
    ['a header and NUL bytes', Buffer.concat([Buffer.from(header), Buffer.alloc(4096)])],
    ['spaces', Buffer.alloc(1024, ' ')],
    ['%%EOF alone', Buffer.from('%%EOF\n')],
    ['a version that is no number', Buffer.from('%PDF-x.y\n1 0 obj\n<< >>\nendobj\n%%EOF\n')],
    ['a Windows executable header', Buffer.concat([Buffer.from('MZ', 'latin1'), bytes(400)])],
    ['an ELF header', Buffer.concat([Buffer.from('\x7fELF', 'latin1'), bytes(400)])],
    ['a shell script', Buffer.from('#!/bin/sh\necho %PDF-1.7\n')],
    ['an RTF document', Buffer.from('{\\rtf1\\ansi Sopimus}')],
    ['CSV', Buffer.from('nimi;summa\n=cmd|/C calc!A0;1\n')],
  ];
}

/**
 * At least 500 malformed PDFs (and things that are no PDF), the same on every run: truncations,
 * byte changes, damaged compressed streams, broken cross-references and object streams, page-tree
 * cycles, deep nesting, bad incremental updates and files of other kinds.
 */
export function malformedCorpus(seed = 14): MalformedPdf[] {
  const random = seededRandom(seed);
  const bases = baseDocuments();
  const groups: Array<[string, Entries]> = [
    ['truncation', truncations(bases, random)],
    ['byte flips', byteFlips(bases, random)],
    ['compressed stream', compressedDamage(bases, random)],
    ['cross-reference', brokenCrossReferences(bases)],
    ['object stream', brokenObjectStreams()],
    ['page-tree cycle', pageTreeCycles()],
    ['deep nesting', deepNesting()],
    ['bad update', badUpdates(bases)],
    ['not a PDF', notPdfs(random)],
  ];
  // A mutation that happens to give bytes already in the corpus (a cut inside the part two bases
  // share, a shift the table does not use) adds nothing: the first one stays.
  const seen = new Set<string>();
  return groups.flatMap(([kind, entries]) =>
    entries.flatMap(([name, bytes]) => {
      const digest = createHash('sha256').update(bytes).digest('hex');
      if (seen.has(digest)) return [];
      seen.add(digest);
      return [{ name: `${kind}: ${name}`, kind, bytes }];
    }),
  );
}
