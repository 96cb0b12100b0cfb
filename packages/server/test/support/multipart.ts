import { randomBytes } from 'node:crypto';

/** A multipart/form-data body with one file in the field 'file', as a browser sends it. */
export function multipartFile(
  fileName: string,
  content: Buffer,
  contentType = 'application/octet-stream',
) {
  const boundary = `----esign${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName.replaceAll('"', '%22')}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
