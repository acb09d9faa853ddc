// From zod's core alone: the pages that build no schema load none of zod.
import { config } from 'zod/v4/core';

// Imported first by each browser entry, before any schema is built: zod otherwise probes `new Function` once
// (for its faster object parser), which the pages' Content-Security-Policy reports as a violation.
config({ jitless: true });
