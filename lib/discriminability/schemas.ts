// The discriminability forms' schemas: a PROXY run's input is the judge launcher's PROXY variant, and the page's
// settings (the clear grade difference, the GRADE run scored) come from the URL.
import { runInputSchema } from '@/lib/judge/run-schemas';
import { z } from '@/lib/zod';

const proxyOption = runInputSchema.options.find((option) => option.shape.kind.value === 'PROXY');
if (!proxyOption) throw new Error('runInputSchema has no PROXY variant');
export const proxyRunInputSchema = proxyOption;
