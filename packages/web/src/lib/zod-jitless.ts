import { z } from 'zod';

// The Content-Security-Policy allows no eval, so zod must not compile its parsers, nor even
// try (the try is reported as a violation). Imported first by main.tsx: zod decides when a
// schema is made, and the contract's schemas are made as their modules load.
z.config({ jitless: true });
