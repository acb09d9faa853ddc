import { config } from 'zod';

// Imported first by each browser entry, before any schema is built: zod otherwise probes `new Function` once
// (for its faster object parser), which the pages' Content-Security-Policy reports as a violation.
config({ jitless: true });
