/** Hands a downloaded file to the browser to save under the given name. */
export function saveFile(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the address only after click() returns.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
