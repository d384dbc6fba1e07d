// The one z the product builds schemas with (`npm run lint:layers` refuses any other product module importing
// zod directly: rule zod-through-lib-zod), so its configuration holds before any schema exists:
// - In the browser zod runs jitless. Schemas shared with client components are built there too, and zod 4
//   probes `new Function` to decide whether to compile fast parsers; the strict CSP (proxy.ts) forbids eval and
//   the browser reports even a caught probe as a violation. The server keeps the compiled parsers.
// - Plainer wording for zod's generic messages, everywhere.
import { z } from 'zod';

z.config({
  jitless: typeof window !== 'undefined',
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return 'is required';
    if (issue.code === 'invalid_type')
      return `must be ${issue.expected === 'array' ? 'a list' : `${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}`}`;
    if (issue.code === 'invalid_value') return `must be one of ${issue.values.map(String).join(', ')}`;
    return undefined;
  },
});

export { z };
