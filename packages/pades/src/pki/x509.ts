// tsyringe, which @peculiar/x509 uses inside, needs the Reflect metadata API before it loads.
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

// @peculiar/x509 signs and hashes through WebCrypto; node's implementation is the one we trust.
x509.cryptoProvider.set(webcrypto);

export { x509 };
