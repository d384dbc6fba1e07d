// The one way the product builds zod schemas. Schemas shared with client components are built in the browser
// too, and zod 4 probes `new Function` there to decide whether to compile fast parsers; the Content-Security-
// Policy forbids eval, and the browser reports even a caught probe as a violation. In the browser zod runs
// jitless (no probe, no eval); on the server it keeps its compiled parsers. `npm run lint:layers` refuses any
// other product module importing zod directly (rule zod-through-lib-zod).
import { z } from 'zod';

if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };
