import { randomBytes } from 'node:crypto';
import { srgbProfile } from './srgb-profile.ts';

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** XMP metadata claiming PDF/A-2b (ISO 19005-2 §6.6), with the title and the time of writing. */
function pdfaMetadata(title: string, language: string, created: Date): Buffer {
  const time = created.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const xmp = `<?xpacket begin="\u{feff}" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
<pdfaid:part>2</pdfaid:part>
<pdfaid:conformance>B</pdfaid:conformance>
<dc:format>application/pdf</dc:format>
<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(title)}</rdf:li><rdf:li xml:lang="${escapeXml(language)}">${escapeXml(title)}</rdf:li></rdf:Alt></dc:title>
<xmp:CreateDate>${time}</xmp:CreateDate>
<xmp:ModifyDate>${time}</xmp:ModifyDate>
<xmp:MetadataDate>${time}</xmp:MetadataDate>
<pdf:Producer>Signing portal</pdf:Producer>
</rdf:Description>
</rdf:RDF>
</x:xmpmeta>
<?xpacket end="r"?>`;
  return Buffer.from(xmp, 'utf8');
}

const stream = (dict: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(`${dict.replace(/>>$/, ` /Length ${data.length} >>`)}\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream', 'latin1'),
  ]);

/**
 * A PDF/A-2b document without pages, its page tree sized A4 (ISO 19005-2): XMP metadata
 * with the `pdfaid` claim, an sRGB output intent, a trailer /ID. The pages appended to it
 * embed their fonts and draw in DeviceRGB, which the sRGB intent allows, so it stays PDF/A.
 */
export function emptyPdfaDocument(title: string, language: string, created: Date): Buffer {
  const objects: Buffer[] = [
    Buffer.from(
      `<< /Type /Catalog /Pages 2 0 R /Metadata 3 0 R /OutputIntents [4 0 R] /Lang (${language}) >>`,
      'latin1',
    ),
    Buffer.from('<< /Type /Pages /Kids [] /Count 0 /MediaBox [0 0 595 842] >>', 'latin1'),
    stream('<< /Type /Metadata /Subtype /XML >>', pdfaMetadata(title, language, created)),
    Buffer.from(
      '<< /Type /OutputIntent /S /GTS_PDFA1 /OutputConditionIdentifier (sRGB IEC61966-2.1) /Info (sRGB IEC61966-2.1) /DestOutputProfile 5 0 R >>',
      'latin1',
    ),
    stream('<< /N 3 >>', srgbProfile),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(length);
    const chunk = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      object,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(chunk);
    length += chunk.length;
  });
  const id = randomBytes(16).toString('hex');
  let xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) xref += `${String(offset).padStart(10, '0')} 00000 n \n`;
  xref += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /ID [<${id}> <${id}>] >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}
