// One @signpdf signature in a process of its own, so that the bench can read its peak memory:
// node bench/signpdf-child.ts <input> <output> <p12> <passphrase>
import { signWithSignpdf } from './signpdf.ts';

const [input, output, p12, passphrase] = process.argv.slice(2);
if (!input || !output || !p12 || passphrase === undefined)
  throw new Error('usage: signpdf-child.ts <input> <output> <p12> <passphrase>');
await signWithSignpdf(input, output, p12, passphrase);
