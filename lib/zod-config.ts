// Plainer wording for zod's generic messages, applied everywhere schemas are defined (import for effect).
import { z } from '@/lib/zod';

z.config({
  // In the browser, skip zod's `new Function` probe: the strict CSP (proxy.ts) reports it as a violation even
  // though zod catches the refusal. The server keeps the faster compiled parsers.
  jitless: typeof window !== 'undefined',
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return 'is required';
    if (issue.code === 'invalid_type')
      return `must be ${issue.expected === 'array' ? 'a list' : `${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}`}`;
    if (issue.code === 'invalid_value') return `must be one of ${issue.values.map(String).join(', ')}`;
    return undefined;
  },
});
