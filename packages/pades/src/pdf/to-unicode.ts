/** Hex digits of text as UTF-16BE, as a CMap writes a destination string. */
const utf16Hex = (text: string) => Buffer.from(text, 'utf16le').swap16().toString('hex');

/**
 * A ToUnicode CMap (ISO 32000-1 §9.10.3) for two-byte CIDs: each CID to the text it stands
 * for, in blocks of at most 100 as the CMap syntax allows.
 */
export function toUnicodeCMap(unicode: Map<number, string>): Buffer {
  const entries = [...unicode].sort(([a], [b]) => a - b);
  const blocks: string[] = [];
  for (let start = 0; start < entries.length; start += 100) {
    const block = entries.slice(start, start + 100);
    const lines = block.map(
      ([cid, text]) => `<${cid.toString(16).padStart(4, '0')}> <${utf16Hex(text)}>`,
    );
    blocks.push(`${block.length} beginbfchar\n${lines.join('\n')}\nendbfchar`);
  }
  return Buffer.from(
    [
      '/CIDInit /ProcSet findresource begin',
      '12 dict begin',
      'begincmap',
      '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
      '/CMapName /Adobe-Identity-UCS def',
      '/CMapType 2 def',
      '1 begincodespacerange',
      '<0000> <FFFF>',
      'endcodespacerange',
      ...blocks,
      'endcmap',
      'CMapName currentdict /CMap defineresource pop',
      'end',
      'end',
      '',
    ].join('\n'),
    'latin1',
  );
}
